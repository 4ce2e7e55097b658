import { useSyncExternalStore } from 'react';

/** Whether a media query matches now, followed as the window changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const media = window.matchMedia(query);
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** Wide enough for the list and the open application side by side. */
export const wideScreen = '(min-width: 1024px)';
