import * as z from 'zod/mini';
import {
  callAddressSchema,
  callSlugSchema,
  callStatuses,
  eligibilitySchema,
} from '#engine/calls.ts';
import { endpoint } from './endpoint.ts';
import { instantSchema } from './common.ts';

/** A call's address in a route: `/api/review/calls/:slug…`. */
export const callParams = z.strictObject({ slug: callAddressSchema });

const titleSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Give the call a title'),
    z.maxLength(120, 'A title is at most 120 characters'),
  );

const summarySchema = z
  .string()
  .check(z.trim(), z.maxLength(600, 'A summary is at most 600 characters'));

const placesSchema = z
  .number()
  .check(
    z.int('Places are a whole number'),
    z.minimum(1, 'At least 1 place'),
    z.maximum(10_000, 'At most 10,000 places'),
  );

/** A call as staff see it: what it is, when it takes applications, and how far it has come. */
export const callSchema = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  status: z.enum(callStatuses),
  opensAt: z.nullable(z.string()),
  closesAt: z.nullable(z.string()),
  places: z.nullable(z.number()),
  eligibility: z.nullable(eligibilitySchema),
  archived: z.boolean(),
  /** The call `/` serves, and that the form's own `/api/review/form` addresses name. */
  default: z.boolean(),
  applications: z.number(),
  accepted: z.number(),
});

export type Call = z.output<typeof callSchema>;

/** Every call, the default first, then the newest. */
export const listCalls = endpoint({
  method: 'GET',
  path: '/api/review/calls',
  responses: { 200: z.array(callSchema) },
});

/**
 * A new call, its form a copy of `copyFrom`'s published form (default: the default call's). 409
 * when the slug is taken, by a call now or once: an old link never opens another call.
 */
export const createCall = endpoint({
  method: 'POST',
  path: '/api/review/calls',
  body: z.strictObject({
    slug: callSlugSchema,
    title: titleSchema,
    summary: z.optional(summarySchema),
    opensAt: z.optional(z.nullable(instantSchema)),
    closesAt: z.optional(z.nullable(instantSchema)),
    places: z.optional(z.nullable(placesSchema)),
    eligibility: z.optional(z.nullable(eligibilitySchema)),
    copyFrom: z.optional(callSlugSchema),
  }),
  responses: { 201: z.object({ slug: z.string() }) },
});

export type NewCall = z.input<typeof createCall.body>;

/** Changes any of a call's settings; `default: true` makes it the call `/` serves. */
export const updateCall = endpoint({
  method: 'PATCH',
  path: '/api/review/calls/:slug',
  params: callParams,
  body: z.strictObject({
    title: z.optional(titleSchema),
    summary: z.optional(summarySchema),
    opensAt: z.optional(z.nullable(instantSchema)),
    closesAt: z.optional(z.nullable(instantSchema)),
    places: z.optional(z.nullable(placesSchema)),
    eligibility: z.optional(z.nullable(eligibilitySchema)),
    archived: z.optional(z.boolean()),
    default: z.optional(z.literal(true)),
  }),
  responses: { 200: callSchema },
});

export type CallChanges = z.input<typeof updateCall.body>;

/** The words staff read before accepting beyond a call's places. */
export const placesFilled = (places: number, accepted: number) =>
  `This call has ${places.toLocaleString('en')} ${places === 1 ? 'place' : 'places'} and ${accepted.toLocaleString('en')} accepted.`;
