import { useState } from 'react';
import { EraseQuestion } from '#review/lib/erase-question.tsx';
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
    <EraseQuestion
      name="Erase this application"
      question="Erase this application, its notes and votes for good? The audit log keeps only that it was erased."
      proceed={{
        label: 'Erase for good',
        isFinal: true,
        isPending: erase.isPending,
        onClick: () => erase.mutate(undefined, { onSuccess: onErased }),
      }}
      keepLabel="Keep it"
      onKeep={() => setIsAsking(false)}
      failure={erase.error}
    />
  );
}
