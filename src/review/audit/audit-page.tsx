import { useQuery } from '@tanstack/react-query';
import { readAudit, type AuditAction } from '#review-api/audit.ts';
import { call, messageOf } from '#review/lib/api.ts';
import { exactTime } from '#review/lib/format.ts';
import { queryKeys } from '#review/lib/query-keys.ts';
import { useDocumentTitle } from '#review/lib/use-document-title.ts';

const actionLabels: Record<AuditAction, string> = {
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in',
  sign_out: 'Signed out',
  stage_moved: 'Moved an application',
  stages_moved: 'Moved applications',
  exported: 'Exported',
  erased: 'Erased an application',
  staff_added: 'Added a staff account',
  staff_removed: 'Removed a staff account',
  staff_invited: 'Invited someone',
  invitation_revoked: 'Revoked an invitation',
  role_changed: 'Changed a role',
  message_sent: 'Sent an e-mail',
  message_retried: 'Retried a message',
  password_changed: 'Changed a password',
};

/** The audit log, newest first: who did what, when, from which address. Admins only. */
export function AuditPage() {
  useDocumentTitle('Audit log');
  const audit = useQuery({
    queryKey: queryKeys.auditPage({}, null),
    queryFn: () => call(readAudit, { query: { limit: '200' } }),
  });
  const entries = audit.data?.entries;
  const error = audit.isError ? messageOf(audit.error) : null;
  return (
    <main className="inbox" aria-labelledby="audit-heading">
      <h1 id="audit-heading" className="audit__heading">
        Audit log
      </h1>
      {error && (
        <p className="inbox__message" role="alert">
          {error}
        </p>
      )}
      {entries && (
        <table className="inbox__table" aria-labelledby="audit-heading">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">About</th>
              <th scope="col">From</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td>
                  <time dateTime={entry.at}>{exactTime(entry.at)}</time>
                </td>
                <td>{entry.actor ?? '—'}</td>
                <td>
                  {actionLabels[entry.action]}
                  {entry.detail && ` (${entry.detail})`}
                </td>
                <td>{entry.subject ?? '—'}</td>
                <td>{entry.address ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
