import type { Generated } from 'kysely';

/** A visit of the wizard: a random id, the day it began (UTC), its call and where it came from; no person. */
export type InsightVisitsTable = {
  visit_id: string;
  day: string;
  /** The slug of the call whose form was visited. */
  call: string;
  source: string;
  medium: string;
  campaign: string | null;
  referrer: string | null;
  device: string;
  /** The language the form was read in; null for visits stored before forms had languages. */
  language: Generated<string | null>;
};

/** What happened in a visit, with its visit's day, call and source so that counts need no join. */
export type InsightEventsTable = {
  visit_id: string;
  day: string;
  call: string;
  source: string;
  /** visit, step, refused, submitted or signIn. */
  kind: string;
  /** The step's id (`stepIdsOf`), which its renames and moves keep; null when the kind has none. */
  step_id: string | null;
  /** The step's place in the form when the event was stored: a visit's next step is at the next place. */
  step: number | null;
  /** The form path of an answer refused on Continue: which question, never what was typed. */
  path: string | null;
  /** Milliseconds since the visit began, by the browser's clock. */
  ms: number | string;
};

/** The distinct visits of a day, call and source (labels as on the visit) that did one thing. */
export type InsightCountsTable = {
  day: string;
  call: string;
  source: string;
  medium: string;
  /** '' when the visit had no campaign. */
  campaign: string;
  /** visit (the visit's row, not its event), step, refused, submitted or signIn. */
  kind: string;
  /** The step's id; '' when the kind has none. */
  step_id: string;
  /** The refused answer's form path; '' for every other kind. */
  path: string;
  visits: number;
};

/** A visit's time from first reaching a step (by its id) to first reaching the next. */
export type InsightStepTimesTable = {
  step_id: string;
  ms: number;
  day: string;
  source: string;
  call: string;
  visit_id: string;
};

/** The step times of a day, call and source, counted per bucket (`stepTimeBounds`). */
export type InsightStepTimeCountsTable = {
  day: string;
  call: string;
  source: string;
  step_id: string;
  bucket: number;
  visits: number;
};
