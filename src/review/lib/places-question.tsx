import { useEffect, useId, useRef } from 'react';

/**
 * Asks before accepting beyond a call's places: the call's words, then accept anyway or not. Its
 * answer takes focus as it appears, so a keyboard or screen reader meets the question at once.
 */
export function PlacesQuestion({
  warnings,
  accept,
  onAccept,
  onCancel,
}: {
  warnings: readonly string[];
  /** What the confirming button says: "Accept anyway", "Accept them anyway". */
  accept: string;
  onAccept: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    confirm.current?.focus();
  }, []);
  return (
    <div
      className="erase erase--asking places-question"
      role="group"
      aria-labelledby={id}
    >
      <div id={id} className="erase__question">
        {warnings.map((warning) => (
          <p key={warning} className="places-question__line">
            {warning}
          </p>
        ))}
      </div>
      <button
        ref={confirm}
        type="button"
        className="button button--primary"
        onClick={onAccept}
      >
        {accept}
      </button>
      <button
        type="button"
        className="button button--outlined"
        onClick={onCancel}
      >
        Cancel
      </button>
    </div>
  );
}
