import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  readApplication,
  readBulkJob,
  type BulkTarget,
} from '#review-api/application.ts';
import { listCalls } from '#review-api/calls.ts';
import {
  inboxFacets,
  listInbox,
  type InboxQuery,
  type StageCounts,
} from '#review-api/inbox.ts';
import {
  applicationEmails,
  decisionDraft,
  failedMessages,
  notificationSetting,
  previewDecisions,
  type DecisionStage,
} from '#review-api/messages.ts';
import {
  beginTwoStepSetup,
  listPasskeys,
  readSession,
  readTwoStep,
} from '#review-api/session.ts';
import { listStaff, readInvitation } from '#review-api/staff.ts';
import { call } from './api.ts';

/**
 * The workspace's data by resource: each query's key with the request that fills it, written once,
 * so a screen names what it reads instead of pairing a key and a request itself; `setQueryData`
 * by an option's `queryKey` checks the data's type against the request's answer. A change marks
 * stale the resources it touches by the first part of their key (`inboxKey`, `auditKey`,
 * `applicationKey`), whatever view or page of them is loaded. The pages loaded on demand (audit,
 * insights, the form editor) keep theirs beside them, so the inbox does not carry their contracts.
 */

export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: () => call(readSession),
  // Asked once per page.
  staleTime: Infinity,
});

export const callsQuery = queryOptions({
  queryKey: ['calls'],
  queryFn: () => call(listCalls),
});

export const facetsQuery = queryOptions({
  queryKey: ['facets'],
  queryFn: () => call(inboxFacets),
});

export const inboxKey = ['inbox'] as const;

/** The sum of a view's counts by stage. */
export const totalOf = (counts: StageCounts) =>
  Object.values(counts).reduce((sum, count) => sum + count, 0);

/** What arrivals are counted over: the filters, whatever the stage tab, the order or the page. */
const filtersOf = ({
  stage: _stage,
  sort: _sort,
  cursor: _cursor,
  limit: _limit,
  ...filters
}: InboxQuery): InboxQuery => filters;

/** How many applications match the filters of a view, in every stage. */
export const inboxArrivalsQuery = (query: InboxQuery) => {
  const filters = filtersOf(query);
  return queryOptions({
    queryKey: [...inboxKey, 'arrivals', filters],
    queryFn: async () =>
      totalOf(
        (await call(listInbox, { query: { ...filters, limit: '1' } })).counts,
      ),
  });
};

/**
 * A view of the inbox, a page at a time. Its first page counts what matches as it is read: that is
 * the arrivals' first answer too, so their next question waits a whole interval (asked at once, it
 * could race the page's own requests).
 */
export const inboxListQuery = (query: InboxQuery) =>
  infiniteQueryOptions({
    queryKey: [...inboxKey, 'list', query],
    queryFn: async ({ pageParam, client }) => {
      const page = await call(listInbox, {
        query: pageParam ? { ...query, cursor: pageParam } : query,
      });
      if (!pageParam)
        client.setQueryData(
          inboxArrivalsQuery(query).queryKey,
          totalOf(page.counts),
        );
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const applicationKey = ['application'] as const;

export const applicationQuery = (id: string) =>
  queryOptions({
    queryKey: [...applicationKey, id],
    queryFn: () => call(readApplication, { params: { id } }),
  });

export const applicationEmailsQuery = (id: string) =>
  queryOptions({
    queryKey: [...applicationKey, id, 'emails'],
    queryFn: () => call(applicationEmails, { params: { id } }),
  });

export const decisionDraftQuery = (id: string, stage: DecisionStage) =>
  queryOptions({
    queryKey: [...applicationKey, id, 'decision-draft', stage],
    queryFn: () => call(decisionDraft, { params: { id }, query: { stage } }),
    // The text is the person's to edit: never read again under their hands.
    staleTime: Infinity,
  });

export const decisionPreviewQuery = (
  stage: DecisionStage,
  target: BulkTarget,
) =>
  queryOptions({
    queryKey: ['decision-preview', stage, target],
    queryFn: () => call(previewDecisions, { body: { ...target, stage } }),
    // Counted afresh each time the dialog opens; never read again under the person's hands.
    staleTime: Infinity,
    gcTime: 0,
  });

export const bulkJobQuery = (id: string) =>
  queryOptions({
    queryKey: ['bulk-job', id],
    queryFn: () => call(readBulkJob, { params: { id } }),
  });

export const auditKey = ['audit'] as const;

export const staffQuery = queryOptions({
  queryKey: ['staff'],
  queryFn: () => call(listStaff),
});

export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['invitation', token],
    queryFn: () => call(readInvitation, { body: { token } }),
    staleTime: Infinity,
  });

export const failedMessagesQuery = queryOptions({
  queryKey: ['failed-messages'],
  queryFn: () => call(failedMessages),
});

export const notificationSettingQuery = queryOptions({
  queryKey: ['notification-setting'],
  queryFn: () => call(notificationSetting),
});

export const twoStepQuery = queryOptions({
  queryKey: ['two-step'],
  queryFn: () => call(readTwoStep),
});

export const twoStepSetupQuery = queryOptions({
  queryKey: ['two-step-setup'],
  queryFn: () => call(beginTwoStepSetup),
  gcTime: 0,
  staleTime: Infinity,
});

export const passkeysQuery = queryOptions({
  queryKey: ['passkeys'],
  queryFn: () => call(listPasskeys),
});
