/** How the history and the audit name moves, withdrawals and erasures the applicant made. */
const applicantActor = 'applicant';

/** Who did something, as staff read it: the applicant's own actions are "the applicant". */
export const actorName = (actor: string) =>
  actor === applicantActor ? 'the applicant' : actor;
