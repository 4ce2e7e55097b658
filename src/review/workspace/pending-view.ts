import { useSyncExternalStore } from 'react';
import { withChanges } from '#review/lib/with-changes.ts';

type ChangeOptions = {
  /** Whether the new address replaces the one it follows instead of adding a place to come back to. */
  replace: boolean;
  /** Whether the list of that address is already at hand (the one shown, or one read before). */
  isRead: (next: URLSearchParams) => boolean;
  /** Reads the list of that address (its first page), settling once it is in or has failed. */
  read: (next: URLSearchParams) => Promise<unknown>;
  /** Writes the address bar. */
  write: (next: URLSearchParams, replace: boolean) => void;
};

/**
 * The inbox's list between a change of its view and that view's first page. The address bar (and
 * with it the filters, the tabs and the search) has the change at once; the list, its counts and
 * everything that follows them keep showing the last view (`held`) until the new view's page is
 * in, then render it once, with its rows. Rendering the list as waiting first, then again with its
 * rows, took about a fifth of the main thread's time from the change to the rows.
 */
export type PendingView = {
  /** The address (as a query string) whose list is shown while the address bar's is read. */
  held: () => string | null;
  subscribe: (listener: () => void) => () => void;
  /** Makes the changes to the address bar's address, and lets the list follow once it is read. */
  change: (
    changes: Record<string, string | null>,
    options: ChangeOptions,
  ) => void;
  /** Lets the list follow the address bar at once: it changed another way (the back button). */
  drop: () => void;
};

export function createPendingView(
  addressOf: () => URLSearchParams = () =>
    new URLSearchParams(window.location.search),
): PendingView {
  let held: string | null = null;
  // Each change's own, so that only the last one asked lets the list follow.
  let latest: object | null = null;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const release = () => {
    latest = null;
    if (held === null) return;
    held = null;
    notify();
  };
  return {
    held: () => held,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    change: (changes, { replace, isRead, read, write }) => {
      const address = addressOf();
      const next = withChanges(address, changes);
      if (isRead(next)) {
        // The address first: the list then renders once, for the address it has.
        write(next, replace);
        release();
        return;
      }
      const asked = {};
      latest = asked;
      // What the list shows until then: the address before, or what it already held.
      if (held === null) {
        held = address.toString();
        notify();
      }
      // Asked before the address is written, so that the request is on its way meanwhile.
      const settled = read(next);
      write(next, replace);
      const follow = () => {
        if (latest === asked) release();
      };
      // A failed read is shown by the new view's list, as when it fails there.
      settled.then(follow, follow);
    },
    drop: release,
  };
}

/** The address whose list is held, rendering again as a change is made or its list comes. */
export const useHeld = (view: PendingView) =>
  useSyncExternalStore(view.subscribe, view.held);
