import { exactTime } from '#review/lib/format.ts';
import { SectionHeading } from './section-heading.tsx';
import { useApplicationEmails } from './use-application-emails.ts';

const purposeLabels: Record<string, string> = {
  new_application: 'To staff',
  receipt: 'Receipt',
  decision_accepted: 'Acceptance',
  decision_declined: 'Decline',
  withdrawn: 'To staff: withdrawn',
};

/** The e-mails about this application: to whom, what, and whether they went. */
export function SentEmails({ applicationId }: { applicationId: string }) {
  const emails = useApplicationEmails(applicationId).data?.emails;
  if (!emails || emails.length === 0) return null;
  return (
    <section className="panel__step" aria-labelledby="emails-heading">
      <SectionHeading id="emails-heading">E-mails</SectionHeading>
      <ul className="panel__history">
        {emails.map((email) => (
          <li key={email.id}>
            {purposeLabels[email.purpose] ?? email.purpose} to {email.recipient}
            :{' '}
            {email.subject === null
              ? '(its text erased)'
              : `“${email.subject}”`}{' '}
            ·{' '}
            {email.status === 'sent' && email.sentAt ? (
              <>
                sent{' '}
                <time dateTime={email.sentAt}>{exactTime(email.sentAt)}</time>
              </>
            ) : email.status === 'failed' ? (
              <strong className="error">failed</strong>
            ) : email.attempts > 0 ? (
              `waiting to be sent (${email.attempts} tries so far)`
            ) : (
              'waiting to be sent'
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
