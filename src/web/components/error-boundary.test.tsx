import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { resolveTexts } from '#engine/texts.ts';
import { ErrorBoundary } from './error-boundary.tsx';

function Broken(): never {
  throw new Error('render failed');
}

// That the answers survive the crash and the reload is shown with a real wizard in wizard/error-recovery.test.tsx.
test('shows a calm message and a reload button instead of a blank page', async () => {
  // React reports the caught error on the console; this test expects exactly that.
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  const reload = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({
    ...window.location,
    reload,
  });
  render(
    <ErrorBoundary texts={resolveTexts({})}>
      <Broken />
    </ErrorBoundary>,
  );
  expect(
    screen.getByRole('heading', { name: 'Something went wrong on this page.' }),
  ).toBeInTheDocument();
  expect(
    screen.getByText(
      'Your answers are kept. Reload the page to continue where you left off.',
    ),
  ).toBeInTheDocument();
  await userEvent.click(
    screen.getByRole('button', { name: 'Reload the page' }),
  );
  expect(reload).toHaveBeenCalledTimes(1);
  expect(consoleError).toHaveBeenCalled();
});

test('renders its children when nothing fails', () => {
  render(
    <ErrorBoundary texts={resolveTexts({})}>
      <p>All well</p>
    </ErrorBoundary>,
  );
  expect(screen.getByText('All well')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});
