import type { Stage } from './stages.ts';
import type { Texts } from './texts.ts';

/** Where an application stands, as its applicant may know it. */
export const applicantStatuses = [
  'received',
  'in_review',
  'accepted',
  'declined',
  'withdrawn',
] as const;

export type ApplicantStatus = (typeof applicantStatuses)[number];

/**
 * Where an application stands as its applicant may know it. A decision shows only once the
 * applicant has been told it (its e-mail sent, or staff marked it told): while the team is still
 * deciding, or has decided but not yet said so, it is in review.
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

/** A status in the words of the call's form (`texts.status.*`), which organisations may reword. */
export const statusTextOf = (status: ApplicantStatus, texts: Texts) =>
  texts[`status.${status}`];
