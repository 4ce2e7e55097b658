import * as z from 'zod/mini';
import { staffStages, stages } from '#engine/stages.ts';

export const stageSchema = z.enum(stages);

/** The stages whose e-mail tells the applicant a decision. */
export const decisionStages = ['accepted', 'declined'] as const;

/** A stage staff may move an application to: not Withdrawn, which only its applicant sets. */
export const staffStageSchema = z.enum(staffStages);

/** The id of a stored row in an address; ids are UUIDs, so anything longer names nothing. */
export const byIdSchema = z.strictObject({
  id: z.string().check(z.maxLength(36)),
});

/** A day of the viewer's calendar, sent as the instant it begins; kept as the database writes instants. */
export const instantSchema = z.pipe(
  z.iso.datetime({ offset: true }),
  z.transform((text) => new Date(text).toISOString()),
);

/** Query strings are text: a whole number from `min` to `max`, written in digits. */
export const countParameter = (min: number, max: number) =>
  z.pipe(
    z.pipe(
      z.string().check(z.regex(/^[0-9]{1,15}$/, 'Expected a whole number')),
      z.transform(Number),
    ),
    z
      .number()
      .check(
        z.minimum(min, `At least ${min.toLocaleString('en')}`),
        z.maximum(max, `At most ${max.toLocaleString('en')}`),
      ),
  );

/** The answer to a request that names nothing there (404), or is refused for a reason (4xx). */
export const refusalSchema = z.object({
  error: z.string(),
  message: z.optional(z.string()),
  issues: z.optional(
    z.array(z.object({ path: z.string(), message: z.string() })),
  ),
  /** A change refused because another came first: the version now current, and what it changed. */
  version: z.optional(z.number()),
  changes: z.optional(z.array(z.string())),
});

export type Refusal = z.output<typeof refusalSchema>;
