import {
  useMutation,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { StaffStage } from '#engine/stages.ts';
import {
  addNote,
  changeTags,
  eraseApplication,
  markTold,
  moveStage,
  vote,
} from '#review-api/application.ts';
import { call } from '#review/lib/api.ts';
import {
  applicationQuery,
  auditKey,
  callsQuery,
  facetsQuery,
  inboxKey,
} from '#review/lib/queries.ts';

/**
 * The team's actions on one application. Each reads the application again before it counts as
 * done (so its buttons show the new state at once), and marks the lists it changes as stale.
 */
export function useReviewActions(id: string) {
  const client = useQueryClient();
  const params = { id };
  const refresh = async (...stale: QueryKey[]) => {
    for (const queryKey of stale) void client.invalidateQueries({ queryKey });
    await client.invalidateQueries({ queryKey: applicationQuery(id).queryKey });
  };
  return {
    move: useMutation({
      mutationFn: (stage: StaffStage) =>
        call(moveStage, { params, body: { stage } }),
      // The calls' accepted counts are read again before the move counts as done: the next
      // acceptance asks by them whether it goes past its call's places.
      onSuccess: () =>
        Promise.all([
          refresh(inboxKey, auditKey),
          client.invalidateQueries({ queryKey: callsQuery.queryKey }),
        ]),
    }),
    told: useMutation({
      mutationFn: () => call(markTold, { params }),
      onSuccess: () => refresh(auditKey),
    }),
    vote: useMutation({
      mutationFn: (value: 1 | 0 | -1) =>
        call(vote, { params, body: { value } }),
      onSuccess: () => refresh(inboxKey),
    }),
    tags: useMutation({
      mutationFn: (change: { add?: string[]; remove?: string[] }) =>
        call(changeTags, { body: { ids: [id], ...change } }),
      onSuccess: () => refresh(inboxKey, facetsQuery.queryKey),
    }),
    note: useMutation({
      mutationFn: (body: string) => call(addNote, { params, body: { body } }),
      onSuccess: () => refresh(inboxKey),
    }),
    erase: useMutation({
      mutationFn: () => call(eraseApplication, { params }),
      onSuccess: () => {
        client.removeQueries({ queryKey: applicationQuery(id).queryKey });
        for (const queryKey of [inboxKey, facetsQuery.queryKey, auditKey])
          void client.invalidateQueries({ queryKey });
      },
    }),
  };
}

export type ReviewActions = ReturnType<typeof useReviewActions>;
