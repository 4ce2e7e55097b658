import { queryOptions } from '@tanstack/react-query';
import {
  auditActors,
  readAudit,
  type AuditFiltersQuery,
} from '#review-api/audit.ts';
import { call } from '#review/lib/api.ts';
import { auditKey } from '#review/lib/queries.ts';

export const auditPageSize = 100;

export const auditPageQuery = (
  filters: AuditFiltersQuery,
  cursor: string | null,
) =>
  queryOptions({
    queryKey: [...auditKey, 'page', filters, cursor],
    queryFn: () =>
      call(readAudit, {
        query: {
          ...filters,
          limit: String(auditPageSize),
          ...(cursor && { cursor }),
        },
      }),
  });

export const auditActorsQuery = queryOptions({
  queryKey: [...auditKey, 'actors'],
  queryFn: () => call(auditActors),
});
