import { useQuery } from '@tanstack/react-query';
import { applicationEmails } from '#review-api/messages.ts';
import { call } from '#review/lib/api.ts';
import { queryKeys } from '#review/lib/query-keys.ts';

/** The e-mails about one application, and whether this server sends e-mail at all. */
export function useApplicationEmails(applicationId: string) {
  return useQuery({
    queryKey: queryKeys.applicationEmails(applicationId),
    queryFn: () => call(applicationEmails, { params: { id: applicationId } }),
  });
}
