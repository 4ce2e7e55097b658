import { stageLabels } from '#engine/stages.ts';
import type { readApplication } from '#review-api/application.ts';
import { actorName } from '#review/lib/actor-name.ts';
import type { EndpointAnswer } from '#review/lib/api.ts';
import { exactTime } from '#review/lib/format.ts';
import { MarkedText } from './marked-text.tsx';
import { NoteForm } from './note-form.tsx';
import { SectionHeading } from './section-heading.tsx';
import type { ReviewActions } from './use-review-actions.ts';

type Application = EndpointAnswer<typeof readApplication>;

/** Every answer under its question, grouped by the wizard's steps, with the search's words marked. */
export function AnswerSteps({
  answers,
  search,
}: {
  answers: Application['answers'];
  search: string | undefined;
}) {
  return answers.map((step) => (
    <section key={step.step} className="panel__step" aria-label={step.step}>
      <SectionHeading>{step.step}</SectionHeading>
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
                  <MarkedText text={answer.text} search={search} />
                </a>
              ) : (
                <MarkedText text={answer.text} search={search} />
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  ));
}

/** The staff's internal notes, with the form to add one. */
export function NotesSection({
  notes,
  add,
}: {
  notes: Application['notes'];
  add: ReviewActions['note'];
}) {
  return (
    <section className="panel__step" aria-labelledby="notes-heading">
      <SectionHeading id="notes-heading">
        Notes <span className="panel__hint">(only staff see these)</span>
      </SectionHeading>
      <NoteForm add={add} />
      <ul className="panel__notes">
        {notes.map((note) => (
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
  );
}

/** Who moved the application between stages, and when; nothing while it has never moved. */
export function MoveHistory({ history }: { history: Application['history'] }) {
  if (history.length === 0) return null;
  return (
    <section className="panel__step" aria-labelledby="history-heading">
      <SectionHeading id="history-heading">History</SectionHeading>
      <ul className="panel__history">
        {history.map((move) => (
          <li key={`${move.at}-${move.to}`}>
            <time dateTime={move.at}>{exactTime(move.at)}</time> ·{' '}
            {actorName(move.actor)} moved it from {stageLabels[move.from]} to{' '}
            {stageLabels[move.to]}
          </li>
        ))}
      </ul>
    </section>
  );
}
