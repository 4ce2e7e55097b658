import type { SaveState } from './use-form-editor.ts';

/** The draft's state in the top bar's words. */
export const saveWords: Record<SaveState, string> = {
  saved: 'Draft saved',
  unsaved: 'Unsaved',
  saving: 'Saving…',
  failed: 'The draft could not be saved',
};

/** How long ago the draft was saved, in the top bar's words: "just now", "2 s ago", "5 min ago". */
export function savedAgo(milliseconds: number): string {
  const seconds = Math.floor(milliseconds / 1000);
  if (seconds < 1) return 'just now';
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  return `${Math.floor(minutes / 60)} h ago`;
}

/** When the words of `savedAgo` next change: each second for a minute, then each minute. */
export const nextTickMs = (milliseconds: number) =>
  milliseconds < 60_000
    ? 1000 - (milliseconds % 1000)
    : 60_000 - (milliseconds % 60_000);
