import './reach-section.css';
import { useEffect, useEffectEvent, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checkReachAgain, type ReachEntry } from '#review-api/reach.ts';
import { call, messageOf } from '#review/lib/api.ts';
import { applicationQuery } from '#review/lib/queries.ts';
import {
  checkedText,
  countText,
  engagementText,
  isAsked,
  isAwaitingAnswer,
  isOverstatedEntry,
  nextLookMs,
  nothingAskedText,
  platformNameOf,
  statusText,
} from './reach-lines.ts';
import { SectionHeading } from './section-heading.tsx';

/**
 * Each platform's follower count as the applicant typed it beside the platform's own, its
 * engagement, when it was checked and where the look-up stands, with "Check again". While a
 * platform the server asks has not answered, the application is read again now and then, so the
 * number appears here without a reload.
 */
export function ReachSection({
  applicationId,
  reach,
  lookUps,
}: {
  applicationId: string;
  reach: ReachEntry[];
  /** The platforms the server asks. */
  lookUps: readonly string[];
}) {
  const client = useQueryClient();
  const readAgain = () =>
    client.invalidateQueries({
      queryKey: applicationQuery(applicationId).queryKey,
      exact: true,
    });
  const isAwaiting = isAwaitingAnswer(reach, lookUps);
  const [looks, setLooks] = useState(0);
  const lookAgain = useEffectEvent(() => {
    setLooks((count) => count + 1);
    void readAgain();
  });
  useEffect(() => {
    if (!isAwaiting) return;
    const timer = setTimeout(lookAgain, nextLookMs(looks));
    return () => clearTimeout(timer);
  }, [isAwaiting, looks]);

  const checkAgain = useMutation({
    mutationFn: () => call(checkReachAgain, { params: { id: applicationId } }),
    // Read again before it counts as done, so the statuses it reset show at once.
    onSuccess: () => {
      setLooks(0);
      return readAgain();
    },
  });

  if (reach.length === 0) return null;
  const nothingAsked = nothingAskedText(reach, lookUps);
  return (
    <section className="panel__step reach" aria-labelledby="reach-heading">
      <SectionHeading id="reach-heading">Reach</SectionHeading>
      {nothingAsked && <p className="reach__why">{nothingAsked}</p>}
      <ul className="reach__list">
        {reach.map((entry) => (
          <ReachItem key={entry.platform} entry={entry} lookUps={lookUps} />
        ))}
      </ul>
      {reach.some((entry) => isAsked(entry, lookUps)) && (
        <div className="reach__again">
          <button
            type="button"
            className="button button--outlined"
            aria-disabled={checkAgain.isPending}
            onClick={() => {
              if (!checkAgain.isPending) checkAgain.mutate();
            }}
          >
            Check again
          </button>
          <p className="reach__outcome" role="status">
            {checkAgain.isSuccess &&
              'Asked again: the numbers change here once the platforms answer.'}
          </p>
          <p className="panel__failure" role="alert">
            {checkAgain.isError &&
              `Not asked again: ${messageOf(checkAgain.error)}`}
          </p>
        </div>
      )}
    </section>
  );
}

function ReachItem({
  entry,
  lookUps,
}: {
  entry: ReachEntry;
  lookUps: readonly string[];
}) {
  const name = platformNameOf(entry.platform);
  return (
    <li className="reach__item" aria-label={name}>
      <p className="reach__platform">
        <span className="reach__name">{name}</span>{' '}
        <span className="reach__handle" dir="auto">
          {entry.handle}
        </span>
      </p>
      <dl className="reach__numbers">
        <div>
          <dt>Stated</dt>
          <dd>{countText(entry.stated)}</dd>
        </div>
        <div>
          <dt>Verified</dt>
          <dd>
            {entry.verified === null ? (
              '—'
            ) : (
              <>
                {countText(entry.verified)}
                {entry.status === 'verified' && <VerifiedMark />}
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>Engagement</dt>
          <dd>{engagementText(entry.engagementRate)}</dd>
        </div>
        <div>
          <dt>Checked</dt>
          <dd>
            {entry.checkedAt === null ? (
              checkedText(null)
            ) : (
              <time dateTime={entry.checkedAt}>
                {checkedText(entry.checkedAt)}
              </time>
            )}
          </dd>
        </div>
      </dl>
      {isOverstatedEntry(entry) && (
        <p className="reach__flag">
          <strong>Stated more than 25 % above the verified count</strong>
        </p>
      )}
      <p className="reach__status">{statusText(entry, lookUps)}</p>
    </li>
  );
}

/** Drawn, with its meaning in words for a screen reader: the count is the platform's own. */
function VerifiedMark() {
  return (
    <span className="reach__mark">
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
        <path
          d="M6.2 11.6 2.6 8l-1.2 1.2 4.8 4.8L15 5.2 13.8 4z"
          fill="currentColor"
        />
      </svg>
      <span className="visually-hidden"> (verified)</span>
    </span>
  );
}
