/** Where an application stands, in the order the workspace shows them; every one starts as new. */
export const stages = [
  'new',
  'shortlisted',
  'accepted',
  'declined',
  'withdrawn',
] as const;

export type Stage = (typeof stages)[number];

/** The stages staff move applications between; only the applicant withdraws, from their own page. */
export const staffStages = [
  'new',
  'shortlisted',
  'accepted',
  'declined',
] as const satisfies readonly Stage[];

export type StaffStage = (typeof staffStages)[number];

export const stageLabels: Record<Stage, string> = {
  new: 'New',
  shortlisted: 'Shortlisted',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};
