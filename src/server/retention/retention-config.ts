import * as z from 'zod/mini';
import { formatIssuePath, type ConfigIssue } from '#engine/config-schema.ts';
import { stages, type Stage } from '#engine/stages.ts';

/** A length of time in whole days or whole calendar months, e.g. `{ "months": 12 }`. */
export type Period = { days: number } | { months: number };

const periodSchema = z
  .strictObject({
    days: z.optional(z.int().check(z.minimum(1), z.maximum(36_500))),
    months: z.optional(z.int().check(z.minimum(1), z.maximum(1_200))),
  })
  .check(
    z.refine(
      (period) => (period.days === undefined) !== (period.months === undefined),
      'give either days or months, e.g. { "months": 12 }',
    ),
  );

const retentionSchema = z._default(
  z.strictObject({
    applications: z._default(
      z.strictObject(
        Object.fromEntries(
          stages.map((stage) => [stage, z.optional(periodSchema)]),
        ) as Record<Stage, z.ZodMiniOptional<typeof periodSchema>>,
      ),
      {},
    ),
    sentMessages: z.optional(periodSchema),
  }),
  { applications: {} },
);

export type RetentionPolicy = {
  /** How long an application is kept after it entered its stage; a stage not named keeps them. */
  applications: Partial<Record<Stage, Period>>;
  /** How long the text of a sent (or given-up) e-mail or webhook is kept. */
  sentMessages: Period;
};

/**
 * The default keeps every application (erasing them is the organisation's decision) and the texts
 * of sent messages for 30 days: long enough to answer "what did we send?", and no longer holding
 * names, addresses and decisions for ever.
 */
const defaultRetentionPolicy: RetentionPolicy = {
  applications: {},
  sentMessages: { days: 30 },
};

/** The configuration's `retention`, validated; each problem names its JSON path. */
export function parseRetentionConfig(
  input: unknown,
):
  | { ok: true; retention: RetentionPolicy }
  | { ok: false; issues: ConfigIssue[] } {
  const result = retentionSchema.safeParse(input);
  if (!result.success)
    return {
      ok: false,
      issues: result.error.issues.map((issue) => ({
        path: formatIssuePath(['retention', ...issue.path]),
        message: issue.message,
      })),
    };
  const applications: RetentionPolicy['applications'] = {};
  for (const stage of stages) {
    const period = result.data.applications[stage];
    if (period) applications[stage] = periodOf(period);
  }
  const { sentMessages } = result.data;
  return {
    ok: true,
    retention: {
      applications,
      sentMessages: sentMessages
        ? periodOf(sentMessages)
        : defaultRetentionPolicy.sentMessages,
    },
  };
}

const periodOf = ({ days, months }: { days?: number; months?: number }) =>
  days === undefined ? { months: months ?? 0 } : { days };

/** The instant `period` before `now`, in calendar months (as JavaScript dates count them) or days. */
export function cutoffOf(period: Period, now: Date): Date {
  const cutoff = new Date(now);
  if ('days' in period) cutoff.setUTCDate(cutoff.getUTCDate() - period.days);
  else cutoff.setUTCMonth(cutoff.getUTCMonth() - period.months);
  return cutoff;
}

/** A period as people read it: "12 months", "1 day". */
export const describePeriod = (period: Period) =>
  'days' in period
    ? `${period.days} ${period.days === 1 ? 'day' : 'days'}`
    : `${period.months} ${period.months === 1 ? 'month' : 'months'}`;
