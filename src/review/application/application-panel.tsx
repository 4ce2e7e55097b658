import { useEffect, useRef, useState } from 'react';
import type { DescribedStep } from '#engine/describe-application.ts';
import { stageLabels, type Stage } from '#engine/stages.ts';
import { api, type StaffMember } from '#review/lib/api.ts';
import { exactTime } from '#review/lib/format.ts';
import { StagePill } from '#review/lib/stage-pill.tsx';
import { DecisionMessage } from './decision-message.tsx';
import { EraseControl } from './erase-control.tsx';
import { SentEmails } from './sent-emails.tsx';
import { NoteForm } from './note-form.tsx';
import { TagEditor } from './tag-editor.tsx';

type Application = {
  id: string;
  name: string;
  receivedAt: string;
  answers: DescribedStep[];
  stage: Stage;
  tags: string[];
  votes: Array<{ email: string; value: 1 | -1 }>;
  notes: Array<{ id: string; author: string; at: string; body: string }>;
  history: Array<{ at: string; actor: string; from: Stage; to: Stage }>;
};

const actions: Array<{ stage: Stage; label: string; key: string }> = [
  { stage: 'shortlisted', label: 'Shortlist', key: 's' },
  { stage: 'accepted', label: 'Accept', key: 'a' },
  { stage: 'declined', label: 'Decline', key: 'd' },
];

/**
 * One application: the team's decision (stage, votes), every answer under its question grouped by
 * the wizard's steps, the internal notes and the history of moves.
 */
export function ApplicationPanel({
  id,
  version,
  me,
  onErased,
  onDecide,
  decided,
  onOfferDone,
  onChange,
  onClose,
  onNext,
  onPrevious,
}: {
  id: string;
  version: number;
  me: StaffMember | null;
  onErased: () => void;
  onDecide: (stage: Stage) => void;
  /** The decision just made on this application (by button or key), whose e-mail is offered. */
  decided: { id: string; stage: 'accepted' | 'declined' } | null;
  onOfferDone: () => void;
  onChange: () => void;
  onClose: () => void;
  onNext: (() => void) | null;
  onPrevious: (() => void) | null;
}) {
  const [application, setApplication] = useState<Application | null>(null);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let isCurrent = true;
    setError(null);
    api<Application>(`/api/review/applications/${encodeURIComponent(id)}`).then(
      (loaded) => isCurrent && setApplication(loaded),
      (failure: Error) => isCurrent && setError(failure.message),
    );
    return () => {
      isCurrent = false;
    };
  }, [id, version]);

  const shown = application?.id === id ? application : null;
  const shownId = shown?.id;
  const [emailsVersion, setEmailsVersion] = useState(0);
  // Offered once the move has been read back, and only while the application is still there.
  const shownOffer =
    decided && decided.id === shownId && shown?.stage === decided.stage
      ? decided
      : null;
  useEffect(() => {
    if (shownId) heading.current?.focus();
  }, [shownId]);

  const myVote =
    shown?.votes.find((vote) => vote.email === me?.email)?.value ?? 0;
  const vote = async (value: 1 | -1) => {
    await api(`/api/review/applications/${encodeURIComponent(id)}/vote`, {
      method: 'PUT',
      body: { value: myVote === value ? 0 : value },
    });
    onChange();
  };

  return (
    <aside
      className="panel"
      aria-labelledby="panel-heading"
      aria-busy={!shown && !error}
    >
      <div className="panel__actions">
        <button
          type="button"
          className="button button--outlined"
          onClick={onPrevious ?? undefined}
          aria-disabled={!onPrevious}
        >
          Previous <kbd>k</kbd>
        </button>
        <button
          type="button"
          className="button button--outlined"
          onClick={onNext ?? undefined}
          aria-disabled={!onNext}
        >
          Next <kbd>j</kbd>
        </button>
        <button
          type="button"
          className="button button--outlined panel__close"
          onClick={onClose}
        >
          Close <kbd>Esc</kbd>
        </button>
      </div>
      {error && (
        <p className="panel__message" role="alert">
          {error}
        </p>
      )}
      {shown && (
        <>
          <div className="panel__title">
            <h2
              id="panel-heading"
              className="panel__heading"
              tabIndex={-1}
              ref={heading}
            >
              {shown.name}
            </h2>
            <StagePill stage={shown.stage} />
          </div>
          <p className="panel__received">
            Received{' '}
            <time dateTime={shown.receivedAt}>
              {exactTime(shown.receivedAt)}
            </time>
          </p>
          <div className="panel__decision" role="group" aria-label="Stage">
            {actions.map((action) => (
              <button
                key={action.stage}
                type="button"
                className="button button--outlined"
                aria-pressed={shown.stage === action.stage}
                onClick={() =>
                  onDecide(shown.stage === action.stage ? 'new' : action.stage)
                }
              >
                {action.label} <kbd>{action.key}</kbd>
              </button>
            ))}
          </div>
          {shownOffer && (
            <DecisionMessage
              key={`${shownOffer.id}-${shownOffer.stage}`}
              applicationId={shownOffer.id}
              stage={shownOffer.stage}
              onDone={() => {
                onOfferDone();
                setEmailsVersion((current) => current + 1);
              }}
            />
          )}
          <TagEditor
            applicationId={shown.id}
            tags={shown.tags}
            onChange={onChange}
          />
          <div className="panel__votes" role="group" aria-label="Your vote">
            <button
              type="button"
              className="button button--outlined"
              aria-pressed={myVote === 1}
              onClick={() => void vote(1)}
            >
              <VoteArrow direction="up" /> Vote up
            </button>
            <button
              type="button"
              className="button button--outlined"
              aria-pressed={myVote === -1}
              onClick={() => void vote(-1)}
            >
              <VoteArrow direction="down" /> Vote down
            </button>
            {shown.votes.length > 0 && (
              <p className="panel__voters">
                {shown.votes
                  .map(
                    (entry) =>
                      `${entry.value > 0 ? '+1' : '−1'} ${entry.email}`,
                  )
                  .join(' · ')}
              </p>
            )}
          </div>
          {shown.answers.map((step) => (
            <section
              key={step.step}
              className="panel__step"
              aria-label={step.step}
            >
              <h3 className="panel__step-name">{step.step}</h3>
              <dl className="panel__answers">
                {step.answers.map((answer) => (
                  <div
                    key={answer.key}
                    className={
                      answer.isFollowUp
                        ? 'panel__answer panel__answer--follow-up'
                        : 'panel__answer'
                    }
                  >
                    <dt className="panel__question">{answer.question}</dt>
                    {/* Each answer reads in the direction of its own letters, as it was written. */}
                    <dd className="panel__text" dir="auto">
                      {answer.href ? (
                        <a
                          href={answer.href}
                          {...(answer.href.startsWith('http') && {
                            target: '_blank',
                            rel: 'noopener noreferrer',
                          })}
                        >
                          {answer.text}
                        </a>
                      ) : (
                        answer.text
                      )}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
          <section className="panel__step" aria-labelledby="notes-heading">
            <h3 id="notes-heading" className="panel__step-name">
              Notes <span className="panel__hint">(only staff see these)</span>
            </h3>
            <NoteForm applicationId={shown.id} onAdded={onChange} />
            <ul className="panel__notes">
              {shown.notes.map((note) => (
                <li key={note.id} className="panel__note">
                  <p className="panel__note-meta">
                    {note.author} ·{' '}
                    <time dateTime={note.at}>{exactTime(note.at)}</time>
                  </p>
                  <p className="panel__text" dir="auto">
                    {note.body}
                  </p>
                </li>
              ))}
            </ul>
          </section>
          <SentEmails
            applicationId={shown.id}
            version={version + emailsVersion}
          />
          {shown.history.length > 0 && (
            <section className="panel__step" aria-labelledby="history-heading">
              <h3 id="history-heading" className="panel__step-name">
                History
              </h3>
              <ul className="panel__history">
                {shown.history.map((move) => (
                  <li key={`${move.at}-${move.to}`}>
                    <time dateTime={move.at}>{exactTime(move.at)}</time> ·{' '}
                    {move.actor} moved it from {stageLabels[move.from]} to{' '}
                    {stageLabels[move.to]}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {me?.role === 'admin' && (
            <section className="panel__step" aria-labelledby="erase-heading">
              <h3 id="erase-heading" className="panel__step-name">
                Erasure
              </h3>
              <EraseControl applicationId={shown.id} onErased={onErased} />
            </section>
          )}
        </>
      )}
    </aside>
  );
}

/** Drawn, not an emoji: a machine without a colour-emoji font shows an empty box for those. */
function VoteArrow({ direction }: { direction: 'up' | 'down' }) {
  return (
    <svg
      className="panel__vote-arrow"
      viewBox="0 0 16 16"
      width="14"
      height="14"
      aria-hidden="true"
    >
      <path
        d={direction === 'up' ? 'M8 2 15 12H1z' : 'M8 14 15 4H1z'}
        fill="currentColor"
      />
    </svg>
  );
}
