import type { Stage } from '#engine/stages.ts';
import type { ApplicantStatus } from '#review-api/applicant.ts';
import { exactTime } from '#review/lib/format.ts';

/**
 * Where an application stands as its applicant sees it on their own page: a decision only once
 * they have been told it (its e-mail delivered, or staff marked it told); until then "in review".
 */
export function applicantStatusOf(
  stage: Stage,
  toldStage: Stage | null,
): ApplicantStatus {
  switch (stage) {
    case 'new':
      return 'received';
    case 'shortlisted':
      return 'in_review';
    case 'accepted':
    case 'declined':
      return toldStage === stage ? stage : 'in_review';
    case 'withdrawn':
      return 'withdrawn';
  }
}

/** The words of each status, as the applicant's page says them by default. */
const statusWords: Record<ApplicantStatus, string> = {
  received: 'Received',
  in_review: 'In review',
  accepted: 'Accepted',
  declined: 'Not this time',
  withdrawn: 'Withdrawn',
};

/** The line that tells staff what the applicant sees of the application now. */
export const applicantSeesLine = (stage: Stage, toldStage: Stage | null) =>
  `The applicant sees: ${statusWords[applicantStatusOf(stage, toldStage)]}`;

/** A decision the applicant has not been told yet: staff may e-mail it, or mark it as told. */
export const isUntoldDecision = (stage: Stage, toldStage: Stage | null) =>
  (stage === 'accepted' || stage === 'declined') && toldStage !== stage;

/** The stage moves staff may make here: none on an application its applicant withdrew. */
export const isMovableByStaff = (stage: Stage) => stage !== 'withdrawn';

/** The address of the list `listHref` with another application open beside it. */
export function openHref(listHref: string, id: string): string {
  const [path = '/', query = ''] = listHref.split('?');
  const params = new URLSearchParams(query);
  params.set('open', id);
  return `${path}?${params.toString()}`;
}

/** What a first application says of each of its person's later ones. */
export const repeatLine = (receivedAt: string) =>
  `Applied again: ${exactTime(receivedAt)}`;

/** What a second application says of the first. */
export const firstLine = (first: { name: string; receivedAt: string }) =>
  `Second application of ${first.name}, first sent ${exactTime(first.receivedAt)}`;
