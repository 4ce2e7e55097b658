import { useQuery } from '@tanstack/react-query';
import { applicationEmailsQuery } from '#review/lib/queries.ts';

/** The e-mails about one application, and whether this server sends e-mail at all. */
export function useApplicationEmails(applicationId: string) {
  return useQuery(applicationEmailsQuery(applicationId));
}
