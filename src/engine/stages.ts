/** Where staff put an application, in the order the workspace shows them; every one starts as new. */
export const stages = ['new', 'shortlisted', 'accepted', 'declined'] as const;

export type Stage = (typeof stages)[number];

export const stageLabels: Record<Stage, string> = {
  new: 'New',
  shortlisted: 'Shortlisted',
  accepted: 'Accepted',
  declined: 'Declined',
};
