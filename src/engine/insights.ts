import * as z from 'zod/mini';
import { answerHolding, type ApplicationModel } from './application-schema.ts';
import { stepIdsOf } from './step-ids.ts';
import {
  clickIdPattern,
  maxLabelLength,
  type clickIdParameters,
} from './source-parameters.ts';
import { languageTagPattern } from './languages/language-tags.ts';

/** The most events one report may carry; the wizard sends far fewer. */
const maxEventsPerReport = 50;

/**
 * A visit is reported on for a day at most: a script cannot keep one visit going to add events to
 * it for months, and the wizard's visits last minutes.
 */
const maxVisitMs = 24 * 60 * 60 * 1000;

/**
 * A campaign label as the landing address carried it: plain text without control characters, nor
 * the direction marks that would make it display as something else than it says.
 */
const labelSchema = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(maxLabelLength, `At most ${maxLabelLength} characters`),
    z.regex(/^[^\p{Cc}\u202A-\u202E\u2066-\u2069]*$/u, 'No control characters'),
  );

const clickIdSchema = z
  .string()
  .check(z.regex(clickIdPattern, 'Expected a click id'));

/** The ad platforms whose click ids name a visit's source when no campaign tag does. */
const clickSources = {
  gclid: { source: 'google', medium: 'cpc' },
  ttclid: { source: 'tiktok', medium: 'cpc' },
  // Facebook adds its id to every link that leaves it, paid or not.
  fbclid: { source: 'facebook', medium: 'social' },
} as const satisfies Record<
  (typeof clickIdParameters)[number],
  { source: string; medium: string }
>;

type ClickIdName = keyof typeof clickSources;
const clickIdNames = Object.keys(clickSources) as ClickIdName[];

/**
 * Where a visit came from, as the wizard saw it on landing: the address's `utm_source`,
 * `utm_medium`, `utm_campaign` and `ref`, an ad platform's click id (`gclid`, `fbclid`, `ttclid`)
 * and the host of the page that linked to it.
 */
export const visitSourceSchema = z.strictObject({
  utmSource: z.optional(labelSchema),
  utmMedium: z.optional(labelSchema),
  utmCampaign: z.optional(labelSchema),
  // A partner's reference (`?ref=`, an embed's `data-ref`): the source when no campaign tag or click names one.
  ref: z.optional(labelSchema),
  referrer: z.optional(
    z
      .string()
      .check(
        z.maxLength(maxLabelLength, `At most ${maxLabelLength} characters`),
        z.regex(/^[a-z0-9.-]{1,253}(:[0-9]{1,5})?$/i, 'Expected a host name'),
      ),
  ),
  gclid: z.optional(clickIdSchema),
  fbclid: z.optional(clickIdSchema),
  ttclid: z.optional(clickIdSchema),
});

export type VisitSource = z.output<typeof visitSourceSchema>;

/** A visit's source as it is counted: a campaign's labels, else an ad's, a partner's or the linking site, else direct. */
export type SourceLabels = {
  source: string;
  medium: string;
  campaign: string | null;
};

/**
 * The labels of a source, named as analytics tools name them (`(direct)` / `(none)`, `referral`); a
 * partner's reference is a source of medium `partner`, so a partner's embed is counted as theirs
 * rather than as a referral from their site.
 */
export function labelsOf(visit: VisitSource): SourceLabels {
  return {
    ...originOf(visit),
    ...(visit.utmSource !== undefined && { source: visit.utmSource }),
    ...(visit.utmMedium !== undefined && { medium: visit.utmMedium }),
    campaign: visit.utmCampaign ?? null,
  };
}

/** Where a visit came from before its campaign tags are read: an ad, a partner, a linking site. */
function originOf(visit: VisitSource): { source: string; medium: string } {
  const clicked = clickIdNames.find((name) => visit[name] !== undefined);
  if (clicked) return clickSources[clicked];
  if (visit.ref !== undefined) return { source: visit.ref, medium: 'partner' };
  if (visit.referrer !== undefined)
    return { source: visit.referrer, medium: 'referral' };
  return { source: '(direct)', medium: '(none)' };
}

/** The click id a visit came with, as it is stored and exported: `gclid=Cj0KCQ…`; null without one. */
export function clickIdOf(visit: VisitSource): string | null {
  const clicked = clickIdNames.find((name) => visit[name] !== undefined);
  return clicked ? `${clicked}=${visit[clicked]}` : null;
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
      z.maximum(maxVisitMs, 'At most a day into the visit'),
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
