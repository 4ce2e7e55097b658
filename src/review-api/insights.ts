import * as z from 'zod/mini';
import { callSlugSchema } from '#engine/calls.ts';
import { endpoint } from './endpoint.ts';

/** The longest period counted at once: a little over the 13 months events are kept. */
const maxPeriodDays = 400;

const daySchema = z.string().check(
  z.regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, 'Expected a day, YYYY-MM-DD'),
  z.refine(
    (day) => new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
    'No such day',
  ),
);

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** A period of UTC days, both included, and optionally the one call and the one source to count. */
const insightsQuerySchema = z
  .strictObject({
    from: daySchema,
    to: daySchema,
    /** One call's visits; without it, every call's. */
    call: z.optional(callSlugSchema),
    source: z.optional(z.string().check(z.minLength(1), z.maxLength(253))),
  })
  .check(
    z.refine((query) => query.from <= query.to, {
      message: 'The period ends before it begins',
      path: ['to'],
    }),
    z.refine(
      (query) => dayNumber(query.to) - dayNumber(query.from) < maxPeriodDays,
      {
        message: `A period is at most ${maxPeriodDays} days`,
        path: ['from'],
      },
    ),
  );

export type InsightsQuery = z.input<typeof insightsQuerySchema>;

/** The applicant funnel of a period: every count is of distinct visits. */
export const readInsights = endpoint({
  method: 'GET',
  path: '/api/review/insights',
  query: insightsQuerySchema,
  responses: {
    200: z.object({
      visits: z.number(),
      /**
       * Each step counted under its id: the form's steps in order, named as the newest version
       * names them, and the steps removed since that the period counted, marked `removed`, where
       * they were. `index` is the place in this list.
       */
      steps: z.array(
        z.object({
          index: z.number(),
          id: z.string(),
          name: z.string(),
          removed: z.boolean(),
          reached: z.number(),
        }),
      ),
      submitted: z.number(),
      signInClicked: z.number(),
      /** The answers most often refused on Continue, with the question as the form asks it. */
      refused: z.array(
        z.object({ path: z.string(), question: z.string(), count: z.number() }),
      ),
      sources: z.array(
        z.object({
          source: z.string(),
          medium: z.string(),
          campaign: z.nullable(z.string()),
          visits: z.number(),
          submitted: z.number(),
        }),
      ),
      /** Visits and applications per language, most visited first; null: recorded before forms had languages. */
      languages: z.array(
        z.object({
          language: z.nullable(z.string()),
          visits: z.number(),
          applications: z.number(),
        }),
      ),
      /** Every day of the period, those without a visit too. */
      daily: z.array(
        z.object({
          date: z.string(),
          visits: z.number(),
          submitted: z.number(),
        }),
      ),
    }),
  },
});

/** The median time from reaching each step to reaching the next, over the visits that went on. */
export const readStepTimes = endpoint({
  method: 'GET',
  path: '/api/review/insights/step-times',
  query: insightsQuerySchema,
  responses: {
    200: z.object({
      steps: z.array(
        z.object({
          index: z.number(),
          id: z.string(),
          name: z.string(),
          removed: z.boolean(),
          medianMs: z.nullable(z.number()),
          /** The visits that went on from this step to the next. */
          visits: z.number(),
        }),
      ),
    }),
  },
});
