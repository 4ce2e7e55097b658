import { useEffect, useId, useRef, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { stageLabels } from '#engine/stages.ts';
import { interpolate } from '#engine/texts.ts';
import type { BulkTarget } from '#review-api/application.ts';
import {
  decisionPlaceholders,
  sendDecisions,
  type DecisionStage,
} from '#review-api/messages.ts';
import { ApiError, call, fieldErrorsOf, messageOf } from '#review/lib/api.ts';
import { EmailFields, type EmailText } from '#review/lib/email-fields.tsx';
import { decisionPreviewQuery } from '#review/lib/queries.ts';

const whole = new Intl.NumberFormat('en');
const applicationsCount = (count: number) =>
  count === 1 ? '1 application' : `${whole.format(count)} applications`;
export const applicantsCount = (count: number) =>
  count === 1 ? '1 applicant' : `${whole.format(count)} applicants`;
const decisionVerbs: Record<DecisionStage, string> = {
  accepted: 'Accept',
  declined: 'Decline',
};

/**
 * A decision on the selected applications, with the e-mail that tells them, offered once for all:
 * the text with its placeholders to edit, a preview of it filled in for the first applicant, and
 * how many it goes to. Nothing is sent before "Send to …"; Cancel (or Esc) does nothing at all.
 * The text lives with the caller, so a refusal, or closing and coming back, loses none of it.
 */
export function BulkDecisionDialog({
  stage,
  target,
  count,
  text,
  onText,
  onSent,
  onMoveWithout,
  onRefused,
  onClose,
}: {
  stage: DecisionStage;
  target: BulkTarget;
  /** How many are selected. */
  count: number;
  /** What staff have written so far, placeholders in braces; the configured text until they write. */
  text: EmailText | undefined;
  onText: (text: EmailText) => void;
  onSent: (outcome: {
    moved: number;
    emailed: number;
    withdrawn: number;
  }) => void;
  onMoveWithout: () => void;
  /** The server refused: the lists it judged by are read again. */
  onRefused: () => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const preview = useQuery(decisionPreviewQuery(stage, target));
  const send = useMutation({
    mutationFn: (written: EmailText) =>
      call(sendDecisions, { body: { ...target, stage, ...written } }),
    onSuccess: onSent,
    onError: (failure) => {
      if (failure instanceof ApiError && failure.status === 409) onRefused();
    },
  });
  const close = () => dialog.current?.close();
  const heading = `${decisionVerbs[stage]} ${applicationsCount(count)}`;
  const isEmailOff =
    preview.error instanceof ApiError && preview.error.code === 'email_off';

  let content;
  if (preview.isPending)
    content = (
      <p role="status" className="bulk-decision__note">
        Preparing the e-mail…
      </p>
    );
  else if (isEmailOff)
    content = (
      <>
        <p className="bulk-decision__note">
          E-mail is not set up on this server, so the applicants cannot be told
          from here.
        </p>
        <div className="decision-message__actions">
          <button
            type="button"
            className="button button--primary"
            onClick={onMoveWithout}
          >
            Move to {stageLabels[stage]}
          </button>
          <CancelButton onClick={close} />
        </div>
      </>
    );
  else if (preview.isError)
    content = (
      <>
        <p className="field__error" role="alert">
          The e-mail could not be prepared: {messageOf(preview.error)}
        </p>
        <div className="decision-message__actions">
          <button
            type="button"
            className="button button--outlined"
            onClick={() => void preview.refetch()}
          >
            Try again
          </button>
          <CancelButton onClick={close} />
        </div>
      </>
    );
  else {
    const { example, recipients, alreadySent, withoutAddress } = preview.data;
    const written = text ?? {
      subject: preview.data.subject,
      body: preview.data.body,
    };
    const errors = send.isError ? fieldErrorsOf(send.error) : {};
    const skipped = [
      alreadySent > 0 && `${whole.format(alreadySent)} already had this e-mail`,
      withoutAddress > 0 &&
        `${whole.format(withoutAddress)} ${withoutAddress === 1 ? 'has' : 'have'} no e-mail address`,
    ].filter(Boolean);
    const submit = (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (!send.isPending) send.mutate(written);
    };
    content = (
      <form className="bulk-decision__form" onSubmit={submit}>
        <p className="bulk-decision__note">
          They move to {stageLabels[stage]}.{' '}
          {recipients > 0
            ? 'Tell them? Each applicant gets this e-mail with their own details filled in.'
            : 'None of them will get an e-mail.'}
          {skipped.length > 0 &&
            ` ${skipped.join(' and ')}: they move without one.`}
        </p>
        {recipients > 0 && (
          <>
            <EmailFields
              text={written}
              onChange={onText}
              errors={errors}
              hint={`Filled in for each applicant: ${decisionPlaceholders.map((name) => `{${name}}`).join(', ')}.`}
            />
            {example && (
              <section
                className="bulk-decision__preview"
                aria-labelledby={`${id}-preview`}
              >
                <h3
                  id={`${id}-preview`}
                  className="bulk-decision__preview-heading"
                >
                  Preview: the e-mail to {example.values.name}
                </h3>
                <p className="decision-message__to">To: {example.to}</p>
                <p className="bulk-decision__preview-subject">
                  {interpolate(written.subject, example.values)}
                </p>
                <p className="bulk-decision__preview-body">
                  {interpolate(written.body, example.values)}
                </p>
              </section>
            )}
          </>
        )}
        {send.isError && !errors.subject && !errors.body && (
          <p className="field__error" role="alert">
            {messageOf(send.error)}
          </p>
        )}
        <div className="decision-message__actions">
          {recipients > 0 && (
            <button
              type="submit"
              className="button button--primary"
              aria-disabled={send.isPending}
            >
              Send to {applicantsCount(recipients)}
            </button>
          )}
          <button
            type="button"
            className={`button ${recipients > 0 ? 'button--outlined' : 'button--primary'}`}
            disabled={send.isPending}
            onClick={onMoveWithout}
          >
            {recipients > 0
              ? 'Move without e-mail'
              : `Move to ${stageLabels[stage]}`}
          </button>
          <CancelButton onClick={close} />
        </div>
      </form>
    );
  }

  return (
    <dialog
      ref={dialog}
      className="bulk-decision"
      aria-labelledby={`${id}-heading`}
      onClose={onClose}
    >
      <h2 id={`${id}-heading`} className="bulk-decision__heading">
        {heading}
      </h2>
      {content}
    </dialog>
  );
}

function CancelButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="button button--back" onClick={onClick}>
      Cancel
    </button>
  );
}
