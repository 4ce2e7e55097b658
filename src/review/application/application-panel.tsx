import { useEffect, useRef, useState } from 'react';
import type { DescribedStep } from '#engine/describe-application.ts';
import { api } from '#review/lib/api.ts';
import { exactTime } from '#review/lib/format.ts';

type Application = {
  id: string;
  name: string;
  receivedAt: string;
  answers: DescribedStep[];
};

/** One application: every answer under its question, grouped by the wizard's steps. */
export function ApplicationPanel({
  id,
  onClose,
  onNext,
  onPrevious,
}: {
  id: string;
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
  }, [id]);

  const shown = application?.id === id ? application : null;
  useEffect(() => {
    if (shown) heading.current?.focus();
  }, [shown]);

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
          <h2
            id="panel-heading"
            className="panel__heading"
            tabIndex={-1}
            ref={heading}
          >
            {shown.name}
          </h2>
          <p className="panel__received">
            Received{' '}
            <time dateTime={shown.receivedAt}>
              {exactTime(shown.receivedAt)}
            </time>
          </p>
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
                    <dd className="panel__text">
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
        </>
      )}
    </aside>
  );
}
