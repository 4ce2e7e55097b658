import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { stageLabels, type Stage, type StaffStage } from '#engine/stages.ts';
import type { DecisionStage } from '#review-api/messages.ts';
import { messageOf, type StaffMember } from '#review/lib/api.ts';
import { lateText, unmetRulesText } from '#review/lib/call-words.ts';
import { exactTime } from '#review/lib/format.ts';
import { applicationQuery } from '#review/lib/queries.ts';
import { StagePill } from '#review/lib/stage-pill.tsx';
import { isTypingIn } from '#review/lib/shortcut-keys.ts';
import { acceptingItems, overPlaces } from '#review/lib/places-check.ts';
import { PlacesQuestion } from '#review/lib/places-question.tsx';
import { useCalls } from '#review/lib/use-calls.ts';
import { isMovableByStaff, languageLine } from './applicant-facts.ts';
import {
  AnswerSteps,
  MoveHistory,
  NotesSection,
} from './application-record.tsx';
import { AttributionLine } from './attribution-line.tsx';
import { DecisionMessage } from './decision-message.tsx';
import { EraseControl } from './erase-control.tsx';
import { SentEmails } from './sent-emails.tsx';
import { PersonApplications, ToldLine } from './person-and-told.tsx';
import { ReachSection } from './reach-section.tsx';
import { TagEditor } from './tag-editor.tsx';
import { SectionHeading, SectionLevelContext } from './section-heading.tsx';
import { useReviewActions } from './use-review-actions.ts';

const actions: Array<{ stage: StaffStage; label: string; key: string }> = [
  { stage: 'shortlisted', label: 'Shortlist', key: 's' },
  { stage: 'accepted', label: 'Accept', key: 'a' },
  { stage: 'declined', label: 'Decline', key: 'd' },
];

const isDecision = (stage: Stage): stage is DecisionStage =>
  stage === 'accepted' || stage === 'declined';

/**
 * One application: the team's decision (stage, votes), every answer under its question grouped by
 * the wizard's steps, the internal notes and the history of moves. Each action says here when the
 * server refuses it. Beside the list it is a complementary panel; on a narrow screen, the page's
 * main content, with its stage actions kept at the bottom of the screen.
 */
export function ApplicationPanel({
  id,
  me,
  isPage,
  backHref,
  onErased,
  onClose,
  onNext,
  onPrevious,
  search,
}: {
  id: string;
  me: StaffMember | null;
  isPage: boolean;
  /** The list this application was opened from. */
  backHref: string;
  onErased: () => void;
  onClose: () => void;
  onNext: (() => void) | null;
  onPrevious: (() => void) | null;
  /** The inbox's search it was opened from: the words it found are marked in the answers. */
  search?: string | undefined;
}) {
  const application = useQuery(applicationQuery(id));
  const shown = application.data;
  const review = useReviewActions(id);
  const heading = useRef<HTMLHeadingElement>(null);
  // The decision just made here (by button or key), whose e-mail is offered.
  const [offer, setOffer] = useState<DecisionStage | null>(null);
  const shownId = shown?.id;
  useEffect(() => {
    if (shownId) heading.current?.focus();
  }, [shownId]);

  // Accepting beyond the call's places waits for a yes.
  const calls = useCalls().data;
  const [isAskingPlaces, setIsAskingPlaces] = useState(false);
  const move = (to: StaffStage) => {
    setIsAskingPlaces(false);
    setOffer(null);
    review.move.mutate(to, {
      onSuccess: () => setOffer(isDecision(to) ? to : null),
    });
  };
  const placesWarnings = shown
    ? overPlaces(calls, acceptingItems([shown]))
    : [];
  const decide = (action: StaffStage) => {
    if (!shown || review.move.isPending || !isMovableByStaff(shown.stage))
      return;
    const to = shown.stage === action ? 'new' : action;
    if (to === 'accepted' && placesWarnings.length > 0) setIsAskingPlaces(true);
    else move(to);
  };
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    const action = actions.find((each) => each.key === event.key);
    if (!action || isTypingIn(event)) return;
    decide(action.stage);
  });
  useEffect(() => {
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const myVote =
    shown?.votes.find((entry) => entry.email === me?.email)?.value ?? 0;
  const castVote = (value: 1 | -1) => {
    if (!review.vote.isPending)
      review.vote.mutate(myVote === value ? 0 : value);
  };
  const failedMove = review.move.variables;

  const Frame = isPage ? 'main' : 'aside';
  const Heading = isPage ? 'h1' : 'h2';
  return (
    <SectionLevelContext value={isPage ? 'h2' : 'h3'}>
      <Frame
        className={isPage ? 'panel panel--page' : 'panel'}
        aria-labelledby="panel-heading"
        aria-busy={application.isPending}
      >
        <div className="panel__actions">
          {isPage && (
            <Link href={backHref} className="button button--outlined">
              ← Applications
            </Link>
          )}
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
          {!isPage && (
            <button
              type="button"
              className="button button--outlined panel__close"
              onClick={onClose}
            >
              Close <kbd>Esc</kbd>
            </button>
          )}
        </div>
        {application.isError && (
          <p className="panel__message" role="alert">
            {messageOf(application.error)}
          </p>
        )}
        {shown && (
          <>
            <div className="panel__title">
              <Heading
                id="panel-heading"
                className="panel__heading"
                tabIndex={-1}
                ref={heading}
              >
                {shown.name}
              </Heading>
              <StagePill stage={shown.stage} />
            </div>
            <p className="panel__received">
              Received{' '}
              <time dateTime={shown.receivedAt}>
                {exactTime(shown.receivedAt)}
              </time>
              {shown.source && (
                <>
                  {' · from '}
                  <span className="panel__source">
                    {[
                      shown.source.source,
                      shown.source.medium,
                      shown.source.campaign,
                    ]
                      .filter(Boolean)
                      .join(' / ')}
                  </span>
                </>
              )}
              {shown.language && ` · ${languageLine(shown.language)}`}
            </p>
            <AttributionLine
              hidden={shown.hidden}
              clickId={shown.clickId}
              listHref={backHref}
            />
            <p className="panel__call">
              For <span className="panel__call-title">{shown.call.title}</span>
              {shown.late && (
                <>
                  {' · '}
                  <span className="call-marks__late">Late</span>:{' '}
                  {lateText.toLowerCase()}
                </>
              )}
            </p>
            {!shown.eligible && shown.eligibility.length > 0 && (
              <div className="panel__eligibility">
                <p className="panel__eligibility-heading">
                  {unmetRulesText(shown.eligibility.length)} of this call:
                </p>
                <ul className="panel__eligibility-rules">
                  {shown.eligibility.map((sentence) => (
                    <li key={sentence}>{sentence}</li>
                  ))}
                </ul>
              </div>
            )}
            <PersonApplications
              duplicateOf={shown.duplicateOf}
              duplicates={shown.duplicates}
              listHref={backHref}
            />
            {!isMovableByStaff(shown.stage) ? (
              <p className="panel__withdrawn">
                Its applicant withdrew this application: it stays Withdrawn, and
                only they could change that.
              </p>
            ) : (
              <div
                className="panel__decision"
                role="group"
                aria-label="Stage"
                aria-busy={review.move.isPending}
              >
                {actions.map((action) => (
                  <button
                    key={action.stage}
                    type="button"
                    className="button button--outlined"
                    aria-pressed={shown.stage === action.stage}
                    onClick={() => decide(action.stage)}
                  >
                    {action.label} <kbd>{action.key}</kbd>
                  </button>
                ))}
                {isAskingPlaces && (
                  <PlacesQuestion
                    warnings={placesWarnings}
                    accept="Accept anyway"
                    onAccept={() => move('accepted')}
                    onCancel={() => setIsAskingPlaces(false)}
                  />
                )}
                <p className="panel__failure" role="alert">
                  {review.move.isError &&
                    failedMove &&
                    `Not moved to ${stageLabels[failedMove]}: ${messageOf(review.move.error)}`}
                </p>
              </div>
            )}
            {offer && shown.stage === offer && (
              <DecisionMessage
                key={`${shown.id}-${offer}`}
                applicationId={shown.id}
                stage={offer}
                onDone={() => setOffer(null)}
              />
            )}
            <ToldLine
              stage={shown.stage}
              toldStage={shown.toldStage}
              told={review.told}
            />
            <TagEditor tags={shown.tags} change={review.tags} />
            <div
              className="panel__votes"
              role="group"
              aria-label="Your vote"
              aria-busy={review.vote.isPending}
            >
              <button
                type="button"
                className="button button--outlined"
                aria-pressed={myVote === 1}
                onClick={() => castVote(1)}
              >
                <VoteArrow direction="up" /> Vote up
              </button>
              <button
                type="button"
                className="button button--outlined"
                aria-pressed={myVote === -1}
                onClick={() => castVote(-1)}
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
              <p className="panel__failure" role="alert">
                {review.vote.isError &&
                  `The vote was not counted: ${messageOf(review.vote.error)}`}
              </p>
            </div>
            <ReachSection
              key={shown.id}
              applicationId={shown.id}
              reach={shown.reach}
              lookUps={shown.reachLookUps}
            />
            <AnswerSteps answers={shown.answers} search={search} />
            <NotesSection notes={shown.notes} add={review.note} />
            <SentEmails applicationId={shown.id} />
            <MoveHistory history={shown.history} />
            {me?.role === 'admin' && (
              <section className="panel__step" aria-labelledby="erase-heading">
                <SectionHeading id="erase-heading">Erasure</SectionHeading>
                <EraseControl erase={review.erase} onErased={onErased} />
              </section>
            )}
          </>
        )}
      </Frame>
    </SectionLevelContext>
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
