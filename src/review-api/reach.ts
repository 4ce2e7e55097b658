import * as z from 'zod/mini';
import { byIdSchema } from './common.ts';
import { endpoint } from './endpoint.ts';

/**
 * Where a look-up of one handle stands: waiting (`pending`), found with the platform's own count
 * (`verified`), no public professional account of that name (`not_found`), an account that hides
 * its count (`not_public`), a platform the server cannot ask or has no credentials for
 * (`unavailable`), or given up after a day of errors (`failed`).
 */
export const reachStatuses = [
  'pending',
  'verified',
  'not_found',
  'not_public',
  'unavailable',
  'failed',
] as const;
export type ReachStatus = (typeof reachStatuses)[number];

/** The platforms the server can look another account up on with the organisation's credentials. */
export const lookedUpPlatforms = ['instagram', 'youtube'] as const;

export const reachEntrySchema = z.object({
  platform: z.string(),
  /** The handle as the applicant typed it. */
  handle: z.string(),
  /** The follower count the applicant typed. */
  stated: z.number(),
  /** The platform's own count; null until verified. */
  verified: z.nullable(z.number()),
  /** Mean likes and comments of the last 12 posts over followers (Instagram only); null otherwise. */
  engagementRate: z.nullable(z.number()),
  /** When the platform last answered (or the look-up gave up); null before. */
  checkedAt: z.nullable(z.string()),
  status: z.enum(reachStatuses),
});
export type ReachEntry = z.infer<typeof reachEntrySchema>;

/** "Check again": the application's handles on the platforms the server can ask are asked afresh. */
export const checkReachAgain = endpoint({
  method: 'POST',
  path: '/api/review/applications/:id/reach',
  params: byIdSchema,
  responses: {
    200: z.object({ reach: z.array(reachEntrySchema) }),
  },
});
