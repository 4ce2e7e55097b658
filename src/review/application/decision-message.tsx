import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { stageLabels } from '#engine/stages.ts';
import { sendDecision, type DecisionStage } from '#review-api/messages.ts';
import { ApiError, call, fieldErrorsOf, messageOf } from '#review/lib/api.ts';
import { EmailFields, type EmailText } from '#review/lib/email-fields.tsx';
import {
  applicationEmailsQuery,
  auditKey,
  decisionDraftQuery,
} from '#review/lib/queries.ts';
import { SectionHeading } from './section-heading.tsx';
import { useApplicationEmails } from './use-application-emails.ts';

/**
 * After a move to Accepted or Declined: the configured message to the applicant, filled in, for
 * staff to edit and send, or to skip. Nothing is sent without the click on Send. When e-mail is
 * not set up on the server, nothing is offered; any other failure is said, with a way to try again.
 */
export function DecisionMessage({
  applicationId,
  stage,
  onDone,
}: {
  applicationId: string;
  stage: DecisionStage;
  /** Sent or skipped: the offer goes away. */
  onDone: () => void;
}) {
  const emails = useApplicationEmails(applicationId);
  const isEmailOn = emails.data?.isEmailOn;
  const draft = useQuery({
    ...decisionDraftQuery(applicationId, stage),
    enabled: isEmailOn === true,
  });
  const isEmailOff =
    isEmailOn === false ||
    (draft.error instanceof ApiError && draft.error.code === 'email_off');
  const failure = emails.error ?? draft.error;
  if (isEmailOff) return null;
  if (failure)
    return (
      <div
        className="decision-message"
        role="group"
        aria-label="Decision e-mail"
      >
        <p className="field__error" role="alert">
          The e-mail to the applicant could not be prepared:{' '}
          {messageOf(failure)}
        </p>
        <div className="decision-message__actions">
          <button
            type="button"
            className="button button--outlined"
            onClick={() =>
              void (emails.isError ? emails.refetch() : draft.refetch())
            }
          >
            Try again
          </button>
          <DontSend onDone={onDone} />
        </div>
      </div>
    );
  if (!draft.data) return null;
  return (
    <DraftForm
      applicationId={applicationId}
      stage={stage}
      initial={draft.data}
      onDone={onDone}
    />
  );
}

function DraftForm({
  applicationId,
  stage,
  initial,
  onDone,
}: {
  applicationId: string;
  stage: DecisionStage;
  initial: { to: string; subject: string; body: string };
  onDone: () => void;
}) {
  const [text, setText] = useState<EmailText>(initial);
  const id = useId();
  const client = useQueryClient();
  const send = useMutation({
    mutationFn: () =>
      call(sendDecision, {
        params: { id: applicationId },
        body: { stage, subject: text.subject, body: text.body },
      }),
    onSuccess: () => {
      void client.invalidateQueries({
        queryKey: applicationEmailsQuery(applicationId).queryKey,
      });
      void client.invalidateQueries({ queryKey: auditKey });
      onDone();
    },
  });

  const errors = send.isError ? fieldErrorsOf(send.error) : {};
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!send.isPending) send.mutate();
  };

  return (
    <form
      className="decision-message"
      aria-labelledby={`${id}-heading`}
      onSubmit={submit}
    >
      <SectionHeading id={`${id}-heading`}>
        Tell the applicant? ({stageLabels[stage]})
      </SectionHeading>
      <p className="decision-message__to">To: {initial.to}</p>
      <EmailFields text={text} onChange={setText} errors={errors} />
      {send.isError && !errors.subject && !errors.body && (
        <p className="field__error" role="alert">
          {messageOf(send.error)}
        </p>
      )}
      <div className="decision-message__actions">
        <button
          type="submit"
          className="button button--primary"
          aria-disabled={send.isPending}
        >
          Send e-mail
        </button>
        <DontSend onDone={onDone} />
      </div>
    </form>
  );
}

/** The offer declined: nothing is sent, and the offer goes away. */
function DontSend({ onDone }: { onDone: () => void }) {
  return (
    <button type="button" className="button button--outlined" onClick={onDone}>
      Don’t send
    </button>
  );
}
