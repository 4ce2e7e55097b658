import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// jsdom lays nothing out: it has no media queries and reports window scrolling as not implemented.
// A window that matches no query is a desktop one, and scrolling it has nothing to show.
window.matchMedia = (media: string): MediaQueryList =>
  Object.assign(new EventTarget(), {
    media,
    matches: false,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
  });
window.scrollTo = () => undefined;

// React and the libraries report real problems on the console, so a console.error or console.warn
// fails the test unless the test opts in by mocking it.
beforeEach(() => {
  for (const method of ['error', 'warn'] as const)
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      throw new Error(
        `console.${method} called: ${args.map(String).join(' ')}`,
      );
    });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
  // Each step is a history entry with its own address; the next test starts at the page itself.
  window.history.replaceState(null, '', '/');
});
