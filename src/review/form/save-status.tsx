import { useEffect, useRef, useState } from 'react';
import type { SaveState } from './use-form-editor.ts';
import { nextTickMs, savedAgo, saveWords } from './save-words.ts';

/**
 * "Draft saved 2 s ago" or "Unsaved". The state is a live region; the time beside it is not, so a
 * screen reader hears a save once rather than every second.
 */
export function SaveStatus({
  state,
  error,
}: {
  state: SaveState;
  error: string;
}) {
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [now, setNow] = useState(0);
  const previous = useRef(state);
  useEffect(() => {
    if (state === 'saved' && previous.current !== 'saved') {
      const at = Date.now();
      setSavedAt(at);
      setNow(at);
    }
    previous.current = state;
  }, [state]);
  // Wakes only when the words change, and only while they show.
  useEffect(() => {
    if (state !== 'saved' || savedAt === null) return;
    const timer = setTimeout(
      () => setNow(Date.now()),
      nextTickMs(now - savedAt),
    );
    return () => clearTimeout(timer);
  }, [state, savedAt, now]);
  return (
    <p className={`form-editor__save form-editor__save--${state}`}>
      <span role="status">
        {saveWords[state]}
        {state === 'failed' && `: ${error}`}
      </span>
      {state === 'saved' && savedAt !== null && (
        <span aria-hidden="true"> {savedAgo(now - savedAt)}</span>
      )}
    </p>
  );
}
