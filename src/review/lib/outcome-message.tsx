import {
  useMutation,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { messageOf } from './api.ts';

/** What came of an action: a success said politely, a failure said at once. */
export type Outcome = { text: string; isError: boolean };

type Action = { work: () => Promise<unknown>; done: string };

/**
 * Runs a change and keeps what came of it: the given words on success, the server's own on
 * failure; either way the data it touches is read again (a refused change shows what stands).
 */
export function useActionOutcome(invalidates: readonly QueryKey[]) {
  const client = useQueryClient();
  const action = useMutation({
    mutationFn: ({ work }: Action) => work(),
    onSettled: () =>
      Promise.all(
        invalidates.map((queryKey) => client.invalidateQueries({ queryKey })),
      ),
  });
  const outcome: Outcome | null = action.isSuccess
    ? { text: action.variables.done, isError: false }
    : action.isError
      ? { text: messageOf(action.error), isError: true }
      : null;
  const act = (work: () => Promise<unknown>, done: string) =>
    action.mutate({ work, done });
  return { outcome, act, isBusy: action.isPending };
}

/**
 * Both live regions stay in the page, empty until there is something to say, so that screen
 * readers announce what is written into them. `afterError` follows a failure's words: what to do.
 */
export function OutcomeMessage({
  outcome,
  afterError,
}: {
  outcome: Outcome | null;
  afterError?: ReactNode;
}) {
  return (
    <>
      <p className="inbox__outcome" role="status">
        {outcome && !outcome.isError && outcome.text}
      </p>
      <p className="inbox__outcome error" role="alert">
        {outcome?.isError && (
          <>
            {outcome.text}
            {afterError && <> {afterError}</>}
          </>
        )}
      </p>
    </>
  );
}
