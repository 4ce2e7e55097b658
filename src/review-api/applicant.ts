import * as z from 'zod/mini';
import { applicantStatuses } from '#engine/applicant-status.ts';
import { languageTagPattern } from '#engine/languages/language-tags.ts';
import { byIdSchema } from './common.ts';
import { endpoint } from './endpoint.ts';

/**
 * The applicant's own side of the API: their page at `/me` (reached by an e-mailed link, no
 * password) and the drafts they save to finish later. Server and browser share these shapes.
 */

const emailSchema = z
  .string()
  .check(z.trim(), z.minLength(3), z.maxLength(320));

/** The language a page was read in, so the e-mail it asks for goes in the same one. */
const languageSchema = z.optional(
  z.string().check(z.maxLength(35), z.regex(languageTagPattern)),
);

/** A token from an e-mailed link: 256 random bits, base64url. */
const tokenSchema = z.string().check(z.minLength(20), z.maxLength(100));

export const requestLink = endpoint({
  method: 'POST',
  path: '/api/me/link',
  body: z.strictObject({ email: emailSchema, language: languageSchema }),
  // The same answer whether or not the address applied, so nobody learns who did.
  responses: { 202: z.strictObject({}) },
});

export const startSession = endpoint({
  method: 'POST',
  path: '/api/me/session',
  body: z.strictObject({ token: tokenSchema }),
  responses: { 200: z.strictObject({}) },
});

export const endSession = endpoint({
  method: 'DELETE',
  path: '/api/me/session',
  responses: { 204: z.undefined() },
});

const myApplicationSchema = z.object({
  id: z.string(),
  call: z.object({ slug: z.string(), title: z.string() }),
  receivedAt: z.string(),
  status: z.enum(applicantStatuses),
  statusText: z.string(),
});

export type MyApplication = z.output<typeof myApplicationSchema>;

export const myPage = endpoint({
  method: 'GET',
  path: '/api/me',
  // The page's language, for the status words; without it, each application's own.
  query: z.strictObject({
    lang: z.optional(z.string().check(z.regex(languageTagPattern))),
  }),
  responses: {
    200: z.object({
      email: z.string(),
      applications: z.array(myApplicationSchema),
    }),
  },
});

export const withdrawApplication = endpoint({
  method: 'POST',
  path: '/api/me/applications/:id/withdraw',
  params: byIdSchema,
  responses: { 200: myApplicationSchema },
});

export const eraseMyApplication = endpoint({
  method: 'DELETE',
  path: '/api/me/applications/:id',
  params: byIdSchema,
  responses: { 204: z.undefined() },
});

/** A JSON file of everything stored about the signed-in e-mail. */
export const exportMyData = endpoint({
  method: 'GET',
  path: '/api/me/export',
});

export const saveDraft = endpoint({
  method: 'POST',
  path: '/api/drafts',
  body: z.strictObject({
    pageId: z.string().check(z.minLength(1), z.maxLength(64)),
    email: emailSchema,
    step: z.int().check(z.minimum(0), z.maximum(200)),
    answers: z.record(z.string(), z.unknown()),
    language: languageSchema,
  }),
  responses: { 202: z.strictObject({}) },
});

export const resumeDraft = endpoint({
  method: 'GET',
  path: '/api/drafts/:token',
  params: z.strictObject({ token: tokenSchema }),
  responses: {
    200: z.object({
      pageId: z.string(),
      step: z.int(),
      answers: z.record(z.string(), z.unknown()),
    }),
  },
});
