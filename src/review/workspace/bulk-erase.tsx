import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { eraseApplications, type BulkTarget } from '#review-api/application.ts';
import { call } from '#review/lib/api.ts';
import { EraseQuestion } from '#review/lib/erase-question.tsx';
import type { Outcome } from '#review/lib/outcome-message.tsx';
import {
  applicationKey,
  auditKey,
  facetsQuery,
  inboxKey,
} from '#review/lib/queries.ts';
import { useMe } from '#review/lib/use-me.ts';

const whole = new Intl.NumberFormat('en');
const applications = (count: number) =>
  count === 1 ? '1 application' : `${whole.format(count)} applications`;

/**
 * An admin's erasure of the selection, asked twice: first what goes, then, naming the count, for
 * good. Nothing for reviewers, whom the server refuses anyway.
 */
export function BulkErase({
  target,
  count,
  onErased,
  onOutcome,
}: {
  target: BulkTarget;
  count: number;
  /** After the erasure: the selection is gone. */
  onErased: () => void;
  onOutcome: (outcome: Outcome | null) => void;
}) {
  const me = useMe();
  const client = useQueryClient();
  const [step, setStep] = useState<'closed' | 'asking' | 'confirming'>(
    'closed',
  );
  const erase = useMutation({
    mutationFn: () => call(eraseApplications, { body: target }),
    onSuccess: ({ erased, isScrubbing }) => {
      for (const queryKey of [
        inboxKey,
        facetsQuery.queryKey,
        auditKey,
        applicationKey,
      ])
        void client.invalidateQueries({ queryKey });
      setStep('closed');
      onErased();
      onOutcome({
        text: `Erased ${applications(erased)}.${isScrubbing ? ' Their bytes leave the database files once an export or backup under way finishes.' : ''}`,
        isError: false,
      });
    },
  });
  if (me?.role !== 'admin') return null;

  if (step === 'closed')
    return (
      <button
        type="button"
        className="button button--outlined"
        onClick={() => {
          erase.reset();
          setStep('asking');
        }}
      >
        Erase…
      </button>
    );
  const isAsking = step === 'asking';
  return (
    <EraseQuestion
      name="Erase the selected applications"
      question={
        isAsking
          ? `Erase ${applications(count)} with their notes, votes and e-mails? The audit log keeps only that they were erased.`
          : `This cannot be undone: ${applications(count)} go for good.`
      }
      proceed={
        isAsking
          ? {
              label: 'Continue',
              isFinal: false,
              onClick: () => setStep('confirming'),
            }
          : {
              label: `Erase ${applications(count)} for good`,
              isFinal: true,
              isPending: erase.isPending,
              onClick: () => erase.mutate(),
            }
      }
      keepLabel="Keep them"
      onKeep={() => setStep('closed')}
      failure={erase.error}
    />
  );
}
