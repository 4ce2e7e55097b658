import { useState } from 'react';
import { ApiError } from '#review/lib/api.ts';

/** What came of an action: a success said politely, a failure said at once. */
export type Outcome = { text: string; isError: boolean };

/**
 * Runs a change and keeps what came of it: the given words on success, the server's own (the
 * first field it named, else its message) on failure; then `after`, to read the data again.
 */
export function useActionOutcome(after: () => void) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      setOutcome({ text: done, isError: false });
    } catch (failure) {
      const issue = failure instanceof ApiError ? failure.issues[0] : undefined;
      setOutcome({
        text:
          issue?.message ??
          (failure instanceof Error ? failure.message : 'Try again.'),
        isError: true,
      });
    }
    after();
  };
  return { outcome, setOutcome, act };
}

/**
 * Both live regions stay in the page, empty until there is something to say, so that screen
 * readers announce what is written into them.
 */
export function OutcomeMessage({ outcome }: { outcome: Outcome | null }) {
  return (
    <>
      <p className="inbox__outcome" role="status">
        {outcome && !outcome.isError && outcome.text}
      </p>
      <p className="inbox__outcome error" role="alert">
        {outcome?.isError && outcome.text}
      </p>
    </>
  );
}
