import { Link } from 'wouter';
import type { Stage } from '#engine/stages.ts';
import { messageOf } from '#review/lib/api.ts';
import {
  applicantSeesLine,
  firstLine,
  isUntoldDecision,
  openHref,
  repeatLine,
} from './applicant-facts.ts';
import type { ReviewActions } from './use-review-actions.ts';

/**
 * One person's applications to one call: a second one names the first, with a way to it; the
 * first lists each one sent after it, each openable.
 */
export function PersonApplications({
  duplicateOf,
  duplicates,
  listHref,
}: {
  duplicateOf: { id: string; name: string; receivedAt: string } | null;
  duplicates: ReadonlyArray<{ id: string; receivedAt: string }>;
  /** The list this application was opened from, which the others open over. */
  listHref: string;
}) {
  if (duplicateOf)
    return (
      <p className="panel__person">
        {firstLine(duplicateOf)}.{' '}
        <Link href={openHref(listHref, duplicateOf.id)}>
          Open the first application
        </Link>
      </p>
    );
  if (duplicates.length === 0) return null;
  return (
    <ul className="panel__person" aria-label="Later applications">
      {duplicates.map((duplicate) => (
        <li key={duplicate.id}>
          <Link href={openHref(listHref, duplicate.id)}>
            {repeatLine(duplicate.receivedAt)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * What the applicant sees of the application on their own page, and, while a decision has not
 * reached them, a way to mark it told (as when staff told them in person or by phone).
 */
export function ToldLine({
  stage,
  toldStage,
  told,
}: {
  stage: Stage;
  toldStage: Stage | null;
  told: ReviewActions['told'];
}) {
  return (
    <div className="panel__told">
      <p>{applicantSeesLine(stage, toldStage)}</p>
      {isUntoldDecision(stage, toldStage) && (
        <button
          type="button"
          className="button button--outlined"
          aria-busy={told.isPending}
          onClick={() => {
            if (!told.isPending) told.mutate();
          }}
        >
          Mark as told
        </button>
      )}
      <p className="panel__failure" role="alert">
        {told.isError && `Not marked as told: ${messageOf(told.error)}`}
      </p>
    </div>
  );
}
