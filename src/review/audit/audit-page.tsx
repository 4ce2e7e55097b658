import { useEffect, useState } from 'react';
import { api } from '#review/lib/api.ts';
import { exactTime } from '#review/lib/format.ts';

type Entry = {
  id: string;
  at: string;
  actor: string | null;
  action: string;
  subject: string | null;
  address: string | null;
  detail: string | null;
};

const actionLabels: Record<string, string> = {
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in',
  sign_out: 'Signed out',
  stage_moved: 'Moved an application',
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
  two_step_on: 'Turned two-step sign-in on',
  two_step_off: 'Turned two-step sign-in off',
  two_step_reset: 'Reset two-step sign-in',
  two_step_required: 'Required two-step sign-in',
  two_step_not_required: 'Stopped requiring two-step sign-in',
  passkey_added: 'Added a passkey',
  passkey_removed: 'Removed a passkey',
};

/** The audit log, newest first: who did what, when, from which address. Admins only. */
export function AuditPage() {
  const [entries, setEntries] = useState<Entry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api<{ entries: Entry[] }>('/api/review/audit?limit=200').then(
      (loaded) => setEntries(loaded.entries),
      (failure: Error) => setError(failure.message),
    );
  }, []);
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
                  {actionLabels[entry.action] ?? entry.action}
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
