import type { BulkTarget } from '#review-api/application.ts';
import type { AuditFiltersQuery } from '#review-api/audit.ts';
import type { InboxQuery } from '#review-api/inbox.ts';
import type { InsightsQuery } from '#review-api/insights.ts';

/**
 * The workspace's data by resource, as the query cache holds it. A change invalidates the
 * resources it touches, by the first part of their key: a stage move, `inbox` and that
 * `application` (and `audit`), whatever view or page of them is loaded.
 */
export const queryKeys = {
  me: ['me'] as const,
  calls: ['calls'] as const,
  inbox: ['inbox'] as const,
  inboxList: (query: InboxQuery) => ['inbox', 'list', query] as const,
  inboxArrivals: (query: InboxQuery) => ['inbox', 'arrivals', query] as const,
  facets: ['facets'] as const,
  application: (id: string) => ['application', id] as const,
  applicationEmails: (id: string) => ['application', id, 'emails'] as const,
  decisionDraft: (id: string, stage: string) =>
    ['application', id, 'decision-draft', stage] as const,
  decisionPreview: (stage: string, target: BulkTarget) =>
    ['decision-preview', stage, target] as const,
  staff: ['staff'] as const,
  failedMessages: ['failed-messages'] as const,
  notificationSetting: ['notification-setting'] as const,
  audit: ['audit'] as const,
  auditPage: (filters: AuditFiltersQuery, cursor: string | null) =>
    ['audit', 'page', filters, cursor] as const,
  auditActors: ['audit', 'actors'] as const,
  form: (call: string) => ['form', call] as const,
  formVersions: (call: string) => ['form', call, 'versions'] as const,
  insights: (query: InsightsQuery) => ['insights', query] as const,
  stepTimes: (query: InsightsQuery) =>
    ['insights', 'step-times', query] as const,
};
