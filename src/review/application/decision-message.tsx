import { useEffect, useId, useState, type FormEvent } from 'react';
import { stageLabels } from '#engine/stages.ts';
import { api, ApiError } from '#review/lib/api.ts';

type Draft = { to: string; subject: string; body: string };

/**
 * After a move to Accepted or Declined: the configured message to the applicant, filled in, for
 * staff to edit and send, or to skip. Nothing is sent without the click on Send. When e-mail is
 * not set up on the server, nothing is offered.
 */
export function DecisionMessage({
  applicationId,
  stage,
  onDone,
}: {
  applicationId: string;
  stage: 'accepted' | 'declined';
  /** Sent or skipped: the offer goes away. */
  onDone: (wasSent: boolean) => void;
}) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const id = useId();

  useEffect(() => {
    let isCurrent = true;
    api<Draft>(
      `/api/review/applications/${encodeURIComponent(applicationId)}/decision-draft?stage=${stage}`,
    ).then(
      (loaded) => isCurrent && setDraft(loaded),
      // 409: e-mail is off, so there is nothing to offer.
      () => isCurrent && setDraft(null),
    );
    return () => {
      isCurrent = false;
    };
  }, [applicationId, stage]);

  if (!draft) return null;

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBusy) return;
    setIsBusy(true);
    try {
      await api(
        `/api/review/applications/${encodeURIComponent(applicationId)}/messages`,
        {
          method: 'POST',
          body: { stage, subject: draft.subject, body: draft.body },
        },
      );
      onDone(true);
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? (failure.issues[0]?.message ?? failure.message)
          : 'The e-mail could not be queued. Try again.',
      );
      setIsBusy(false);
    }
  };

  return (
    <form
      className="decision-message"
      aria-labelledby={`${id}-heading`}
      onSubmit={(event) => void send(event)}
    >
      <h3 id={`${id}-heading`} className="panel__step-name">
        Tell the applicant? ({stageLabels[stage]})
      </h3>
      <p className="decision-message__to">To: {draft.to}</p>
      <label className="field__label" htmlFor={`${id}-subject`}>
        Subject
      </label>
      <input
        id={`${id}-subject`}
        className="input"
        maxLength={300}
        value={draft.subject}
        onChange={(event) =>
          setDraft({ ...draft, subject: event.currentTarget.value })
        }
      />
      <label className="field__label" htmlFor={`${id}-body`}>
        Message
      </label>
      <textarea
        id={`${id}-body`}
        className="input input--multiline"
        rows={10}
        maxLength={20_000}
        value={draft.body}
        onChange={(event) =>
          setDraft({ ...draft, body: event.currentTarget.value })
        }
      />
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <div className="decision-message__actions">
        <button
          type="submit"
          className="button button--primary"
          aria-disabled={isBusy}
        >
          Send e-mail
        </button>
        <button
          type="button"
          className="button button--outlined"
          onClick={() => onDone(false)}
        >
          Don’t send
        </button>
      </div>
    </form>
  );
}
