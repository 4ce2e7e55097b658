import * as z from 'zod/mini';
import { callParams } from './calls.ts';
import { endpoint } from './endpoint.ts';

/** A form's configuration as JSON; the editor may save one in any state, so only publishing checks it. */
const configJson = z.record(z.string(), z.unknown());

const versionNumber = z.number().check(z.int(), z.minimum(0));

/** A call's version number in an address. */
const versionParams = z.strictObject({
  ...callParams.shape,
  version: z.pipe(
    z.string().check(z.regex(/^[0-9]{1,9}$/, 'Expected a version number')),
    z.transform(Number),
  ),
});

/** A question the new form no longer asks, and how many stored applications answered it (they keep it). */
const droppedQuestionSchema = z.object({
  path: z.string(),
  label: z.string(),
  step: z.string(),
  applications: z.number(),
});

export type DroppedQuestion = z.output<typeof droppedQuestionSchema>;

const issueSchema = z.object({ path: z.string(), message: z.string() });

/** The published form and the saved draft (`null` when there is none). */
export const readForm = endpoint({
  method: 'GET',
  path: '/api/review/calls/:slug/form',
  params: callParams,
  responses: {
    200: z.object({
      version: z.number(),
      publishedAt: z.string(),
      publishedBy: z.nullable(z.string()),
      config: configJson,
      draft: z.nullable(configJson),
      draftSavedAt: z.nullable(z.string()),
      draftSavedBy: z.nullable(z.string()),
      /** The version the draft was edited from. */
      draftBaseVersion: z.nullable(z.number()),
    }),
  },
});

export type FormState = z.output<(typeof readForm.responses)[200]>;

/** Saves the draft as it is, valid or not; the last save wins. */
export const saveFormDraft = endpoint({
  method: 'PUT',
  path: '/api/review/calls/:slug/form/draft',
  params: callParams,
  body: z.strictObject({
    config: configJson,
    baseVersion: z.optional(versionNumber),
  }),
  responses: { 200: z.object({ savedAt: z.string() }) },
});

/** Throws the draft away. */
export const discardFormDraft = endpoint({
  method: 'DELETE',
  path: '/api/review/calls/:slug/form/draft',
  params: callParams,
  responses: { 204: z.undefined() },
});

/**
 * What publishing a configuration would do, without publishing: the start-up check's issues, what
 * changes against the published version, and the questions it drops.
 */
export const checkForm = endpoint({
  method: 'POST',
  path: '/api/review/calls/:slug/form/check',
  params: callParams,
  body: z.strictObject({ config: configJson }),
  responses: {
    200: z.object({
      issues: z.array(issueSchema),
      changes: z.array(z.string()),
      droppedQuestions: z.array(droppedQuestionSchema),
    }),
  },
});

/** Why a publish was refused, and Publish is disabled: it would make a version the same as the published one. */
export const nothingToPublish =
  'Nothing to publish: the draft is the published version.';

/** Why a restore was refused: that version is the same as the published one. */
export const nothingToRestore = (version: number) =>
  `Nothing to restore: version ${version} is the same as the published version.`;

/**
 * Publishes a configuration as the version after `baseVersion`, and ends the draft. 409 when
 * another version was published since (`error: 'conflict'`, `changes` says what it changed) or
 * when it is the published version already (`error: 'unchanged'`, with `nothingToPublish`); 400
 * with the start-up check's issues.
 */
export const publishForm = endpoint({
  method: 'POST',
  path: '/api/review/calls/:slug/form/publish',
  params: callParams,
  body: z.strictObject({ baseVersion: versionNumber, config: configJson }),
  responses: {
    201: z.object({
      version: z.number(),
      summary: z.string(),
      droppedQuestions: z.array(droppedQuestionSchema),
    }),
  },
});

const versionSummarySchema = z.object({
  version: z.number(),
  publishedAt: z.string(),
  publishedBy: z.nullable(z.string()),
  summary: z.string(),
});

/** Every version, newest first: who, when, and a line on what changed. */
export const listFormVersions = endpoint({
  method: 'GET',
  path: '/api/review/calls/:slug/form/versions',
  params: callParams,
  responses: {
    200: z.object({ versions: z.array(versionSummarySchema) }),
  },
});

/** One version with its configuration, to see it in the preview. */
export const readFormVersion = endpoint({
  method: 'GET',
  path: '/api/review/calls/:slug/form/versions/:version',
  params: versionParams,
  responses: {
    200: z.object({ ...versionSummarySchema.shape, config: configJson }),
  },
});

/**
 * Publishes a copy of an earlier version as the newest, and ends the draft, as a publish does.
 * 409 when that version is the published one already (`error: 'unchanged'`).
 */
export const restoreFormVersion = endpoint({
  method: 'POST',
  path: '/api/review/calls/:slug/form/versions/:version/restore',
  params: versionParams,
  responses: {
    /** The new version, and its configuration for the editor to go on from. */
    201: z.object({
      version: z.number(),
      summary: z.string(),
      config: configJson,
    }),
  },
});

const uploadedImageSchema = z.object({
  src: z.string(),
  sources: z.array(
    z.object({
      type: z.enum(['image/avif', 'image/webp']),
      srcset: z.string(),
    }),
  ),
  width: z.number(),
  height: z.number(),
});

export type UploadedImage = z.output<typeof uploadedImageSchema>;

const formImageQuery = z.strictObject({
  for: z.optional(z.enum(['cover', 'logo'])),
});

export type FormImageQuery = z.output<typeof formImageQuery>;

/**
 * One image, as multipart form data (JPEG, PNG, WebP or AVIF, judged by its content, at most
 * 10 MB), answered in the shape of a cover image, served under /images/: for a cover its widths
 * as AVIF and WebP, for the logo (`?for=logo`) one WebP sharp at the height it is shown.
 */
export const uploadFormImage = endpoint({
  method: 'POST',
  path: '/api/review/form/images',
  query: formImageQuery,
  responses: { 201: uploadedImageSchema },
});

/** The largest image accepted, in bytes. */
export const maxImageBytes = 10 * 1024 * 1024;

/**
 * The most pixels an image may have (width × height, read from its header before any decoding): a
 * phone's 12 megapixels and most cameras' 24 pass, and it bounds the memory a decoding takes.
 */
export const maxImagePixels = 40_000_000;

/**
 * AVIF is decoded whole, not row by row, at about 20 MB per megapixel: its cap is a phone photo's
 * 12 megapixels (docs/decisions/022).
 */
export const maxAvifPixels = 12_000_000;

/** The longest side an image may have: the most WebP, which every size is written in, can hold. */
export const maxImageSide = 16_383;
