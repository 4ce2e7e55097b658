import { useSyncExternalStore } from 'react';

// One list per query, read on every render of its users: `matchMedia` builds a new one each call,
// which a screen re-rendered at each keystroke (the form editor) paid for each time.
const lists = new Map<string, MediaQueryList>();

function listOf(query: string): MediaQueryList {
  let list = lists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
}

/** Whether a media query matches now, followed as the window changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const media = listOf(query);
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    () => listOf(query).matches,
  );
}

/** Wide enough for the list and the open application side by side. */
export const wideScreen = '(min-width: 1024px)';
