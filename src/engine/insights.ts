import * as z from 'zod/mini';
import { answerHolding, type ApplicationModel } from './application-schema.ts';
import { stepIdsOf } from './step-ids.ts';
import { languageTagPattern } from './languages/language-tags.ts';

/** The most events one report may carry; the wizard sends far fewer. */
const maxEventsPerReport = 50;

/** A visit lasting longer than this is not timed: its step times say nothing about the form. */
const maxVisitMs = 7 * 24 * 60 * 60 * 1000;

/** A campaign label as the landing address carried it: text without control characters. */
const labelSchema = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(100, 'At most 100 characters'),
    z.regex(/^[^\p{Cc}]*$/u, 'No control characters'),
  );

/**
 * Where a visit came from, as the wizard saw it on landing: the address's `utm_source`,
 * `utm_medium` and `utm_campaign` and the host of the page that linked to it.
 */
export const visitSourceSchema = z.strictObject({
  utmSource: z.optional(labelSchema),
  utmMedium: z.optional(labelSchema),
  utmCampaign: z.optional(labelSchema),
  referrer: z.optional(
    z
      .string()
      .check(
        z.regex(/^[a-z0-9.-]{1,253}(:[0-9]{1,5})?$/i, 'Expected a host name'),
      ),
  ),
});

export type VisitSource = z.output<typeof visitSourceSchema>;

/** A visit's source as it is counted: a campaign's labels, else the linking site, else direct. */
export type SourceLabels = {
  source: string;
  medium: string;
  campaign: string | null;
};

/** The labels of a source, named as analytics tools name them (`(direct)` / `(none)`, `referral`). */
export function labelsOf(visit: VisitSource): SourceLabels {
  return {
    source: visit.utmSource ?? visit.referrer ?? '(direct)',
    medium: visit.utmMedium ?? (visit.referrer ? 'referral' : '(none)'),
    campaign: visit.utmCampaign ?? null,
  };
}

export const devices = ['phone', 'desktop'] as const;
export type Device = (typeof devices)[number];

/** What the wizard reports, in the order a visit meets them. */
const insightEventTypes = [
  'visit',
  'step',
  'refused',
  'submitted',
  'signIn',
] as const;

/**
 * A report of the wizard: its call (the form's `pageId`), one visit (its random id, its source,
 * phone or desktop) and what happened in it since the last report. Each event's `ms` is its time
 * since the visit began. A step is named by its id, which must be one of the form's, and a refused
 * answer must be a question asked on that step.
 */
export function buildInsightReportSchema(model: ApplicationModel) {
  const stepIds = stepIdsOf(model.config);
  const ms = z
    .number()
    .check(
      z.int(),
      z.minimum(0),
      z.maximum(maxVisitMs, 'At most 7 days into the visit'),
    );
  const step = z.string().check(
    z.refine((id) => stepIds.includes(id), {
      message: `No such step: the form's are ${stepIds.join(', ')}`,
    }),
  );
  const event = z.discriminatedUnion(
    'type',
    [
      z.strictObject({ type: z.literal('visit'), ms }),
      z.strictObject({ type: z.literal('step'), step, ms }),
      z
        .strictObject({
          type: z.literal('refused'),
          step,
          paths: z
            .array(z.string().check(z.maxLength(200)))
            .check(z.minLength(1), z.maxLength(40)),
          ms,
        })
        .check(
          z.superRefine((refused, context) => {
            refused.paths.forEach((path, index) => {
              const answer = answerHolding(model, path);
              if (
                !answer ||
                model.stepOf.get(answer.path) !== stepIds.indexOf(refused.step)
              )
                context.addIssue({
                  code: 'custom',
                  path: ['paths', index],
                  message: `No question of step ${refused.step} has this answer`,
                });
            });
          }),
        ),
      z.strictObject({ type: z.literal('submitted'), ms }),
      z.strictObject({ type: z.literal('signIn'), ms }),
    ],
    {
      error: `Unknown event: expected one of ${insightEventTypes.join(', ')}`,
    },
  );
  return z.strictObject({
    call: z.literal(model.config.pageId, {
      error: `Expected the call ${model.config.pageId}`,
    }),
    visit: z.strictObject({
      id: z.string().check(z.uuid('Expected the visit id, a UUID')),
      device: z.enum(devices),
      /** The language the form was read in. */
      language: z.optional(z.string().check(z.regex(languageTagPattern))),
      ...visitSourceSchema.def.shape,
    }),
    events: z
      .array(event)
      .check(
        z.minLength(1, 'A report holds at least one event'),
        z.maxLength(
          maxEventsPerReport,
          `A report holds at most ${maxEventsPerReport} events`,
        ),
      ),
  });
}

export type InsightReport = z.output<
  ReturnType<typeof buildInsightReportSchema>
>;
export type InsightEvent = InsightReport['events'][number];
