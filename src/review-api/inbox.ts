import * as z from 'zod/mini';
import type { PlatformAnswer } from '#engine/payload.ts';
import { callAddressSchema } from '#engine/calls.ts';
import { platformKeys } from '#engine/platforms.ts';
import { languageTagPattern } from '#engine/languages/language-tags.ts';
import {
  hiddenFieldNamePattern,
  maxHiddenValueLength,
} from '#engine/hidden-fields.ts';
import { endpoint } from './endpoint.ts';
import { countParameter, instantSchema, stageSchema } from './common.ts';

/** A tag as it is kept: trimmed, lower case, with at least one letter or digit. */
export const tagSchema = z
  .string()
  .check(
    z.maxLength(40, 'A tag is at most 40 characters'),
    z.trim(),
    z.toLowerCase(),
    z.regex(/[\p{L}\p{N}]/u, 'A tag needs a letter or a digit.'),
  );

/**
 * The filters of the inbox, as an address holds them (all text); parsed, each has the type the
 * queries use. A new filter also needs its condition in the inbox's query, its name among the
 * address's keys the workspace reads (`inbox-view.ts`), and its control in the filter bar.
 */
const inboxFiltersShape = {
  /** One call's applications; without it, every call's. */
  call: z.optional(callAddressSchema),
  /** Applications that meet their call's eligibility rules, or that miss one. */
  eligible: z.optional(z.enum(['yes', 'no'])),
  search: z.optional(
    z.pipe(
      z.string().check(z.maxLength(200), z.trim()),
      z.transform((text) => text || undefined),
    ),
  ),
  country: z.optional(
    z.string().check(z.regex(/^[A-Z]{2}$/, 'Expected a country code')),
  ),
  platform: z.optional(z.enum(platformKeys)),
  minReach: z.optional(countParameter(0, Number.MAX_SAFE_INTEGER)),
  /** Received at or after this instant. */
  receivedFrom: z.optional(instantSchema),
  /** Received before this instant. */
  receivedTo: z.optional(instantSchema),
  /** Only applications with at least one internal note. */
  hasNote: z.optional(
    z.pipe(
      z.literal('yes'),
      z.transform(() => true),
    ),
  ),
  tag: z.optional(tagSchema),
  /** Only applications with a follower count a platform itself gave. */
  verified: z.optional(
    z.pipe(
      z.literal('yes'),
      z.transform(() => true),
    ),
  ),
  /**
   * Also a person's second applications to a call, which the inbox otherwise leaves out: the
   * team sees each person once, on their first application.
   */
  duplicates: z.optional(
    z.pipe(
      z.literal('yes'),
      z.transform(() => true),
    ),
  ),
  /** Applications whose visit came from this source (a campaign's `utm_source`, a linking site). */
  source: z.optional(z.string().check(z.minLength(1), z.maxLength(253))),
  /** Applications written in this language (a tag of their form's languages). */
  language: z.optional(
    z.string().check(z.regex(languageTagPattern, 'Expected a language tag')),
  ),
};

/** The prefix of a hidden-field filter's key: `hidden.ref=hotel-alpenhof`. */
const hiddenFilterPrefix = 'hidden.';

/** The key that filters by a hidden field's value: `hidden.ref`. */
export const hiddenFilterKey = (name: string): `hidden.${string}` =>
  `${hiddenFilterPrefix}${name}`;

/** The hidden field a key filters by (`hidden.ref` → `ref`); null when it is no such key. */
export function hiddenFilterNameOf(key: string): string | null {
  if (!key.startsWith(hiddenFilterPrefix)) return null;
  const name = key.slice(hiddenFilterPrefix.length);
  return hiddenFieldNamePattern.test(name) ? name : null;
}

/** Filters by hidden fields as an address (or a view in a body) holds them: one key per field. */
type HiddenFilterQuery = { [key: `hidden.${string}`]: string };
/** Parsed: the values wanted, by hidden field. */
type HiddenFilters = { hidden?: Record<string, string> };

/**
 * An object of the named entries of `shape` and of `hidden.<name>` keys, each wanting that value of
 * a hidden field. A form names its own hidden fields, so no fixed list can hold these keys: any
 * name a hidden field may have is taken, its value checked, and parsed they are gathered into
 * `hidden`. Any other key is refused by name, as a strict object would.
 */
function withHiddenFilters<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  const named = z.object(shape);
  const value = z
    .string()
    .check(z.minLength(1), z.maxLength(maxHiddenValueLength));
  const checked = z.catchall(named, value).check(
    z.superRefine((object, context) => {
      for (const key of Object.keys(object))
        if (!(key in shape) && hiddenFilterNameOf(key) === null)
          context.addIssue({
            code: 'custom',
            path: [key],
            message: 'Unknown key',
            input: object[key],
          });
    }),
  );
  const gathered = z.pipe(
    checked,
    z.transform((object) => {
      const entries: Record<string, unknown> = {};
      const hidden: Record<string, string> = {};
      for (const [key, each] of Object.entries(object)) {
        const name = key in shape ? null : hiddenFilterNameOf(key);
        if (name === null) entries[key] = each;
        else hidden[name] = String(each);
      }
      if (Object.keys(hidden).length > 0) entries.hidden = hidden;
      return entries;
    }),
  );
  // The transform builds its object key by key; this names the shape that comes out, and what goes in.
  return gathered as unknown as z.ZodMiniType<
    z.output<typeof named> & HiddenFilters,
    z.input<typeof named> & HiddenFilterQuery
  >;
}

const inboxViewShape = {
  stage: z.optional(stageSchema),
  ...inboxFiltersShape,
};

/** A view of the inbox: its stage tab and filters. Exports and bulk actions name one this way. */
export const inboxViewSchema = withHiddenFilters(inboxViewShape);

export type InboxView = z.output<typeof inboxViewSchema>;
/** A view as the browser writes it into an address. */
export type InboxViewQuery = z.input<typeof inboxViewSchema>;
export type InboxFilters = Omit<InboxView, 'stage'>;

/**
 * `relevance`: the applications that match the search best first, the order of a search without
 * a sort; without a search, newest first. `verified`: by the platforms' own counts, those without
 * one last.
 */
const inboxSorts = [
  'newest',
  'reach',
  'votes',
  'verified',
  'relevance',
] as const;
export type InboxSort = (typeof inboxSorts)[number];

const inboxQuerySchema = withHiddenFilters({
  ...inboxViewShape,
  sort: z.optional(z.enum(inboxSorts)),
  cursor: z.optional(z.string().check(z.maxLength(400))),
  limit: z.optional(countParameter(1, 200)),
});

export type InboxQuery = z.input<typeof inboxQuerySchema>;

/** The call an application was sent to, and what staff should know of it there. */
export const callFactsShape = {
  call: z.object({ slug: z.string(), title: z.string() }),
  /** Whether it meets every eligibility rule of its call. */
  eligible: z.boolean(),
  /** One plain sentence per rule it misses. */
  eligibility: z.array(z.string()),
  /** Sent in the hour after its call closed, by someone who was filling it in then. */
  late: z.boolean(),
};

export const inboxItemSchema = z.object({
  id: z.string(),
  receivedAt: z.string(),
  name: z.string(),
  email: z.string(),
  countryCode: z.nullable(z.string()),
  // The engine owns this shape; the server builds it from the stored answers.
  platforms: z.array(z.custom<PlatformAnswer>()),
  /** The sum of the followers of its platforms. */
  reach: z.number(),
  /**
   * Over its platforms whose own count was found: the sum of those counts and of what the
   * applicant typed for the same platforms; null while none was found.
   */
  verifiedReach: z.nullable(
    z.object({ verified: z.number(), stated: z.number() }),
  ),
  stage: stageSchema,
  /** Up votes minus down votes of the staff. */
  netVotes: z.number(),
  tags: z.array(z.string()),
  /** The same person's first application to the call, when this is a second one. */
  duplicateOf: z.nullable(z.string()),
  /** The language it was written in; null when stored before forms had languages. */
  language: z.nullable(z.string()),
  ...callFactsShape,
});

export type InboxItem = z.output<typeof inboxItemSchema>;

const stageCountsSchema = z.record(stageSchema, z.number());

export type StageCounts = z.output<typeof stageCountsSchema>;

export const listInbox = endpoint({
  method: 'GET',
  path: '/api/review/applications',
  query: inboxQuerySchema,
  responses: {
    200: z.object({
      items: z.array(inboxItemSchema),
      /** Where the next page starts; null on the last. */
      nextCursor: z.nullable(z.string()),
      /** How many match the filters in each stage, whatever the stage tab. */
      counts: stageCountsSchema,
    }),
  },
});

/** What occurs among the applications, so the filters offer only that. */
export const inboxFacets = endpoint({
  method: 'GET',
  path: '/api/review/applications/facets',
  responses: {
    200: z.object({
      countries: z.array(z.object({ code: z.string(), count: z.number() })),
      platforms: z.array(
        z.object({ platform: z.enum(platformKeys), count: z.number() }),
      ),
      tags: z.array(z.object({ tag: z.string(), count: z.number() })),
      sources: z.array(z.object({ source: z.string(), count: z.number() })),
      languages: z.array(z.object({ language: z.string(), count: z.number() })),
    }),
  },
});

export type InboxFacets = z.output<(typeof inboxFacets.responses)[200]>;

/** The files an export is written as: CSV, or an Excel workbook with typed cells. */
export const exportFormatSchema = z.enum(['csv', 'xlsx']);

export type ExportFormat = z.output<typeof exportFormatSchema>;

/** The applications of a view, as `applications.csv` or `applications.xlsx`. */
export const exportView = endpoint({
  method: 'GET',
  path: '/api/review/applications.:format',
  params: z.strictObject({ format: exportFormatSchema }),
  query: inboxViewSchema,
});

/** The selected applications, posted because hundreds of ids do not fit in an address; CSV unless asked otherwise. */
export const exportSelected = endpoint({
  method: 'POST',
  path: '/api/review/applications/export',
  body: z.strictObject({
    ids: z
      .array(z.string().check(z.maxLength(36)))
      .check(z.minLength(1), z.maxLength(500)),
    format: z.optional(exportFormatSchema),
  }),
});
