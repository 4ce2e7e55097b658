import { useState } from 'react';
import { messageOf } from '#review/lib/api.ts';
import type { ReviewActions } from './use-review-actions.ts';

/** An admin's erasure, asked twice: the application and everything about it go for good. */
export function EraseControl({
  erase,
  onErased,
}: {
  erase: ReviewActions['erase'];
  onErased: () => void;
}) {
  const [isAsking, setIsAsking] = useState(false);

  if (!isAsking)
    return (
      <button
        type="button"
        className="button button--outlined erase"
        onClick={() => setIsAsking(true)}
      >
        Erase…
      </button>
    );
  return (
    <div
      className="erase erase--asking"
      role="group"
      aria-label="Erase this application"
    >
      <p className="erase__question">
        Erase this application, its notes and votes for good? The audit log
        keeps only that it was erased.
      </p>
      <button
        type="button"
        className="button button--danger"
        aria-disabled={erase.isPending}
        onClick={() => {
          if (!erase.isPending)
            erase.mutate(undefined, { onSuccess: onErased });
        }}
      >
        Erase for good
      </button>
      <button
        type="button"
        className="button button--outlined"
        onClick={() => setIsAsking(false)}
      >
        Keep it
      </button>
      {erase.isError && (
        <p className="field__error" role="alert">
          {messageOf(erase.error)}
        </p>
      )}
    </div>
  );
}
