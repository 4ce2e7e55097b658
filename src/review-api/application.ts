import * as z from 'zod/mini';
import type { DescribedStep } from '#engine/describe-application.ts';
import {
  byIdSchema,
  decisionStages,
  stageSchema,
  staffStageSchema,
} from './common.ts';
import { endpoint } from './endpoint.ts';
import { callFactsShape, inboxViewSchema, tagSchema } from './inbox.ts';
import { lookedUpPlatforms, reachEntrySchema } from './reach.ts';

/** The most applications one action takes by "every one matching"; more must be narrowed first. */
export const maxMatching = 10_000;

const noteSchema = z.object({
  id: z.string(),
  author: z.string(),
  at: z.string(),
  body: z.string(),
});

const stageMoveSchema = z.object({
  at: z.string(),
  actor: z.string(),
  from: stageSchema,
  to: stageSchema,
});

export const readApplication = endpoint({
  method: 'GET',
  path: '/api/review/applications/:id',
  params: byIdSchema,
  responses: {
    200: z.object({
      id: z.string(),
      name: z.string(),
      receivedAt: z.string(),
      ...callFactsShape,
      /** Where the applicant's visit came from; null when the wizard did not say. */
      source: z.nullable(
        z.object({
          source: z.string(),
          medium: z.string(),
          campaign: z.nullable(z.string()),
        }),
      ),
      /** The values of its form's hidden fields it came with (`ref`: the partner that sent it), by name. */
      hidden: z.record(z.string(), z.string()),
      /** The ad click that brought it (`gclid=…`); null without one. */
      clickId: z.nullable(z.string()),
      /** The language it was written in; null when stored before forms had languages. */
      language: z.nullable(z.string()),
      // The engine owns this shape: every answer under its question, grouped by the wizard's steps.
      answers: z.array(z.custom<DescribedStep>()),
      stage: stageSchema,
      /** The decision its applicant has been told (its e-mail delivered, or marked told); null: none. */
      toldStage: z.nullable(stageSchema),
      /** The same person's first application to the call, when this is a second one. */
      duplicateOf: z.nullable(
        z.object({ id: z.string(), name: z.string(), receivedAt: z.string() }),
      ),
      /** The same person's later applications to the call, oldest first, when this is the first. */
      duplicates: z.array(z.object({ id: z.string(), receivedAt: z.string() })),
      tags: z.array(z.string()),
      votes: z.array(
        z.object({ email: z.string(), value: z.literal([1, -1]) }),
      ),
      notes: z.array(noteSchema),
      history: z.array(stageMoveSchema),
      /** Each platform's follower count as typed and as the platform itself gives it. */
      reach: z.array(reachEntrySchema),
      /**
       * The platforms the server has the organisation's credentials for, so the view can say why
       * the others are not looked up; never the credentials themselves.
       */
      reachLookUps: z.array(z.enum(lookedUpPlatforms)),
    }),
  },
});

export const moveStage = endpoint({
  method: 'POST',
  path: '/api/review/applications/:id/stage',
  params: byIdSchema,
  body: z.strictObject({ stage: staffStageSchema }),
  responses: { 200: stageMoveSchema },
});

/**
 * Marks the decision an application is in (accepted or declined) as told to its applicant without
 * an e-mail, as when staff told them by phone: their page shows the decision from then on.
 */
export const markTold = endpoint({
  method: 'POST',
  path: '/api/review/applications/:id/told',
  params: byIdSchema,
  responses: {
    200: z.object({ toldStage: z.enum(decisionStages) }),
  },
});

/**
 * The target of a bulk action: chosen ids (at most 500, as the inbox selects them), or every
 * application in a view with as many matching as the person saw counted, so that one arriving
 * meanwhile is not acted on unseen.
 */
const bulkTargetShape = {
  ids: z.optional(
    z.array(z.string().check(z.maxLength(36))).check(
      z.minLength(1),
      z.maxLength(500),
      z.refine(
        (ids) => new Set(ids).size === ids.length,
        'Name each application once',
      ),
    ),
  ),
  view: z.optional(inboxViewSchema),
  expected: z.optional(z.int().check(z.minimum(1), z.maximum(maxMatching))),
};

const namesApplications = z.refine<{
  ids?: unknown;
  view?: unknown;
  expected?: unknown;
}>(
  (target) =>
    target.ids
      ? target.view === undefined && target.expected === undefined
      : target.view !== undefined && target.expected !== undefined,
  {
    error:
      'Name the applications: either ids, or a view with the number expected to match.',
    path: ['ids'],
  },
);

/** A bulk action's body: its target, and what it does to each. */
export const bulkBody = <Shape extends z.core.$ZodLooseShape>(shape: Shape) =>
  z.strictObject({ ...bulkTargetShape, ...shape }).check(namesApplications);

/**
 * A move of every application in a view, worked as a job: a chunk at a time, each chunk its own
 * transaction, taken up again after a restart. `done` counts those it has been through, `moved`
 * those it moved (the rest were there already, or withdrawn by their applicants).
 */
export const bulkJobSchema = z.object({
  id: z.string(),
  stage: staffStageSchema,
  total: z.number(),
  done: z.number(),
  moved: z.number(),
  withdrawn: z.number(),
  state: z.enum(['running', 'done', 'failed']),
  /** Why it stopped, when it failed. */
  error: z.nullable(z.string()),
  startedAt: z.string(),
});
export type BulkJob = z.infer<typeof bulkJobSchema>;

/** How a bulk job of moves is getting on. */
export const readBulkJob = endpoint({
  method: 'GET',
  path: '/api/review/bulk-jobs/:id',
  params: byIdSchema,
  responses: { 200: bulkJobSchema },
});

/**
 * Moves chosen applications at once (200), or every one in a view as a job (202) read by
 * `readBulkJob`: no cap on how many match, only that as many do as the person saw counted.
 */
export const moveStages = endpoint({
  method: 'POST',
  path: '/api/review/applications/stage',
  body: z
    .strictObject({
      ...bulkTargetShape,
      expected: z.optional(z.int().check(z.minimum(1))),
      stage: staffStageSchema,
    })
    .check(namesApplications),
  responses: {
    200: z.object({
      moved: z.number(),
      /** Those named that their applicants withdrew: left where they are. */
      withdrawn: z.number(),
    }),
    202: bulkJobSchema,
  },
});

/** A bulk action's target as the browser names it, and as the server reads it. */
export type BulkTarget = Omit<z.input<typeof moveStages.body>, 'stage'>;
export type ParsedBulkTarget = Omit<z.output<typeof moveStages.body>, 'stage'>;

const tagListSchema = z.optional(z.array(tagSchema).check(z.maxLength(20)));

/** Tags on one or several applications: added, taken off, or both. */
export const changeTags = endpoint({
  method: 'POST',
  path: '/api/review/applications/tags',
  body: bulkBody({ add: tagListSchema, remove: tagListSchema }),
  responses: { 200: z.object({ tagged: z.number() }) },
});

/** One vote per person: a new one replaces theirs, 0 withdraws it. */
export const vote = endpoint({
  method: 'PUT',
  path: '/api/review/applications/:id/vote',
  params: byIdSchema,
  body: z.strictObject({ value: z.literal([1, 0, -1]) }),
  responses: { 204: z.undefined() },
});

export const addNote = endpoint({
  method: 'POST',
  path: '/api/review/applications/:id/notes',
  params: byIdSchema,
  body: z.strictObject({
    body: z
      .string()
      .check(
        z.maxLength(4000, 'A note is at most 4,000 characters'),
        z.trim(),
        z.minLength(1, 'Write something first.'),
      ),
  }),
  responses: { 201: noteSchema },
});

/**
 * Erasure on a data-protection request: 204 once its bytes are gone from the database files; 202
 * while a reader that began earlier still holds them.
 */
export const eraseApplication = endpoint({
  method: 'DELETE',
  path: '/api/review/applications/:id',
  params: byIdSchema,
  responses: {
    204: z.undefined(),
    202: z.object({ status: z.literal('scrubbing'), message: z.string() }),
  },
});

/**
 * Erasure of a selection (admins): each application as a single erasure takes it; the audit log
 * gets one entry with the count. `scrubbing` as for one: a reader that began earlier still holds
 * their bytes in the database files, which the server removes once it finishes.
 */
export const eraseApplications = endpoint({
  method: 'POST',
  path: '/api/review/applications/erase',
  body: bulkBody({}),
  responses: {
    200: z.object({ erased: z.number(), isScrubbing: z.boolean() }),
  },
});
