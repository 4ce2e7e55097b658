import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  changeRole,
  invite,
  removeStaff,
  revokeInvitation,
  staffRoleSchema,
  type StaffAccount,
  type StaffRole,
} from '#review-api/staff.ts';
import { call, messageOf } from '#review/lib/api.ts';
import { exactTime } from '#review/lib/format.ts';
import { useMe } from '#review/lib/use-me.ts';
import {
  OutcomeMessage,
  useActionOutcome,
} from '#review/lib/outcome-message.tsx';
import { auditKey, staffQuery } from '#review/lib/queries.ts';
import { useDocumentTitle } from '#review/lib/use-document-title.ts';
import { Field } from '#web/components/field.tsx';

const roleLabels: Record<StaffRole, string> = {
  admin: 'Admin',
  reviewer: 'Reviewer',
};

/** Who works in the workspace, with what role; invitations out; an admin's screen. */
export function StaffPage() {
  useDocumentTitle('Staff');
  const me = useMe();
  const listing = useQuery(staffQuery);
  const staff = listing.data;
  const [removing, setRemoving] = useState<StaffAccount | null>(null);
  const { outcome: message, act } = useActionOutcome([
    staffQuery.queryKey,
    auditKey,
  ]);

  return (
    <main className="inbox staff" aria-labelledby="staff-heading">
      <h1 id="staff-heading" className="audit__heading">
        Staff
      </h1>
      <InviteForm />
      <OutcomeMessage outcome={message} />
      {listing.isError && (
        <p className="inbox__message" role="alert">
          {messageOf(listing.error)}
        </p>
      )}
      {staff && (
        <table className="inbox__table staff__table">
          <caption className="staff__caption">Accounts</caption>
          <thead>
            <tr>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col">Last sign-in</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {staff.accounts.map((account) => (
              <tr key={account.id}>
                <th scope="row">
                  {account.email}
                  {account.email === me?.email && ' (you)'}
                </th>
                <td>
                  <select
                    className="input staff__role"
                    aria-label={`Role of ${account.email}`}
                    value={account.role}
                    onChange={(event) => {
                      const role = staffRoleSchema.parse(
                        event.currentTarget.value,
                      );
                      act(
                        () =>
                          call(changeRole, {
                            params: { id: account.id },
                            body: { role },
                          }),
                        `${account.email} is now ${roleLabels[role].toLowerCase()}.`,
                      );
                    }}
                  >
                    {(['reviewer', 'admin'] as const).map((role) => (
                      <option key={role} value={role}>
                        {roleLabels[role]}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  {account.lastSignInAt ? (
                    <time dateTime={account.lastSignInAt}>
                      {exactTime(account.lastSignInAt)}
                    </time>
                  ) : (
                    'Never'
                  )}
                </td>
                <td className="staff__actions">
                  {removing?.id === account.id ? (
                    <span
                      className="erase erase--asking"
                      role="group"
                      aria-label={`Remove ${account.email}`}
                    >
                      <span className="erase__question">
                        Remove {account.email}? Their sessions end and their
                        votes go; their notes stay.
                      </span>
                      <button
                        type="button"
                        className="button button--danger"
                        onClick={() => {
                          setRemoving(null);
                          act(
                            () =>
                              call(removeStaff, {
                                params: { id: account.id },
                              }),
                            `${account.email} is removed.`,
                          );
                        }}
                      >
                        Remove for good
                      </button>
                      <button
                        type="button"
                        className="button button--outlined"
                        onClick={() => setRemoving(null)}
                      >
                        Keep
                      </button>
                    </span>
                  ) : (
                    <button
                      type="button"
                      className="button button--outlined"
                      aria-label={`Remove ${account.email}…`}
                      onClick={() => setRemoving(account)}
                    >
                      Remove…
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {staff && staff.invitations.length > 0 && (
        <table className="inbox__table staff__table">
          <caption className="staff__caption">
            Invitations not yet taken up
          </caption>
          <thead>
            <tr>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col">Invited by</th>
              <th scope="col">Link works until</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {staff.invitations.map((invitation) => (
              <tr key={invitation.id}>
                <th scope="row">{invitation.email}</th>
                <td>{roleLabels[invitation.role]}</td>
                <td>{invitation.invitedBy}</td>
                <td>
                  <time dateTime={invitation.expiresAt}>
                    {exactTime(invitation.expiresAt)}
                  </time>
                </td>
                <td className="staff__actions">
                  <button
                    type="button"
                    className="button button--outlined"
                    aria-label={`Revoke the invitation of ${invitation.email}`}
                    onClick={() =>
                      act(
                        () =>
                          call(revokeInvitation, {
                            params: { id: invitation.id },
                          }),
                        `The invitation of ${invitation.email} no longer works.`,
                      )
                    }
                  >
                    Revoke
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}

/** An address and a role in, a single-use link out, to send to the person by any channel. */
function InviteForm() {
  const id = useId();
  const client = useQueryClient();
  const [isCopied, setIsCopied] = useState(false);
  const making = useMutation({
    mutationFn: (body: { email: string; role: StaffRole }) =>
      call(invite, { body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: staffQuery.queryKey });
      void client.invalidateQueries({ queryKey: auditKey });
    },
  });
  const made = making.data;
  const error = making.isError ? messageOf(making.error) : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (making.isPending) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    setIsCopied(false);
    making.mutate(
      {
        email: String(data.get('email') ?? ''),
        role: staffRoleSchema.parse(data.get('role')),
      },
      { onSuccess: () => form.reset() },
    );
  };

  return (
    <form className="staff__invite" noValidate onSubmit={submit}>
      <h2 className="settings__heading">Invite someone</h2>
      <div className="staff__invite-fields">
        <Field label="Their e-mail">
          {(control) => (
            <input
              {...control}
              className="input"
              name="email"
              type="email"
              autoComplete="off"
              // The form's error stands under the row, beside the button that made the request.
              aria-invalid={error !== null}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          )}
        </Field>
        <Field label="Role">
          {(control) => (
            <select {...control} className="input" name="role">
              <option value="reviewer">Reviewer: reads, votes, decides</option>
              <option value="admin">
                Admin: also erases and manages staff
              </option>
            </select>
          )}
        </Field>
        <button type="submit" className="button button--primary">
          Create invitation link
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
      {made && (
        <div className="staff__link" role="status">
          <p>
            Send this link to {made.invitation.email}. It works once, until{' '}
            {exactTime(made.invitation.expiresAt)}.
          </p>
          <div className="staff__link-row">
            <label className="visually-hidden" htmlFor={`${id}-link`}>
              Invitation link
            </label>
            <input
              id={`${id}-link`}
              className="input"
              readOnly
              value={made.link}
              onFocus={(event) => event.currentTarget.select()}
            />
            <button
              type="button"
              className="button button--outlined"
              onClick={() => {
                // The clipboard API exists only on HTTPS (and localhost); elsewhere the link is
                // selected for the keyboard's copy.
                if (window.isSecureContext)
                  void navigator.clipboard
                    .writeText(made.link)
                    .then(() => setIsCopied(true));
                else document.getElementById(`${id}-link`)?.focus();
              }}
            >
              {isCopied ? 'Copied' : 'Copy link'}
            </button>
          </div>
        </div>
      )}
    </form>
  );
}
