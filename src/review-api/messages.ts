import * as z from 'zod/mini';
import { templatePlaceholders } from '#engine/email-templates.ts';
import { bulkBody } from './application.ts';
import { byIdSchema, decisionStages } from './common.ts';
import { endpoint } from './endpoint.ts';

const decisionStageSchema = z.enum(decisionStages);

export type DecisionStage = z.output<typeof decisionStageSchema>;

/** What a decision e-mail may name, filled in for each applicant. */
export const decisionPlaceholders = templatePlaceholders.accepted;

export type DecisionValues = Record<
  (typeof decisionPlaceholders)[number],
  string
>;

const placeholderPattern = /\{(\w+)\}/g;
const namedPlaceholders = decisionPlaceholders
  .map((placeholder) => `{${placeholder}}`)
  .join(', ');
const unknownPlaceholderIn = (text: string) =>
  [...text.matchAll(placeholderPattern)].find(
    (match) =>
      !(decisionPlaceholders as readonly string[]).includes(match[1] ?? ''),
  )?.[0];

/**
 * A decision e-mail's subject or text as staff wrote it for several applicants: its placeholders
 * are filled in for each, so one the server does not know would reach every inbox as written.
 */
const decisionTextSchema = (maxLength: number) =>
  z.string().check(
    z.maxLength(
      maxLength,
      `At most ${maxLength.toLocaleString('en')} characters`,
    ),
    z.refine((text) => text.trim() !== '', 'Write something first.'),
    z.refine((text) => unknownPlaceholderIn(text) === undefined, {
      error: (issue) =>
        `${unknownPlaceholderIn(String(issue.input))} is filled in for nobody: use ${namedPlaceholders}, or write the text itself.`,
    }),
  );

const messageSchema = z.object({
  id: z.string(),
  channel: z.enum(['email', 'webhook']),
  purpose: z.string(),
  applicationId: z.nullable(z.string()),
  recipient: z.string(),
  subject: z.nullable(z.string()),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number(),
  createdAt: z.string(),
  sentAt: z.nullable(z.string()),
  lastError: z.nullable(z.string()),
});

/** The e-mails about one application, and whether this server sends e-mail at all. */
export const applicationEmails = endpoint({
  method: 'GET',
  path: '/api/review/applications/:id/messages',
  params: byIdSchema,
  responses: {
    200: z.object({
      isEmailOn: z.boolean(),
      emails: z.array(messageSchema),
    }),
  },
});

const draftSchema = z.object({
  to: z.string(),
  subject: z.string(),
  body: z.string(),
});

/** The configured decision e-mail, filled in for one applicant; 409 `email_off` when there is no e-mail. */
export const decisionDraft = endpoint({
  method: 'GET',
  path: '/api/review/applications/:id/decision-draft',
  params: byIdSchema,
  query: z.strictObject({ stage: decisionStageSchema }),
  responses: { 200: draftSchema },
});

export const sendDecision = endpoint({
  method: 'POST',
  path: '/api/review/applications/:id/messages',
  params: byIdSchema,
  body: z.strictObject({
    stage: decisionStageSchema,
    subject: z.string().check(z.minLength(1), z.maxLength(300)),
    body: z.string().check(z.minLength(1), z.maxLength(20_000)),
  }),
  responses: { 202: z.object({ queued: z.literal(true) }) },
});

/**
 * Before a decision on several applications: the configured e-mail with its placeholders, filled in
 * for the first of them that would get it, and how many would. Those already sent this decision's
 * e-mail, and those without an address, get none.
 */
export const previewDecisions = endpoint({
  method: 'POST',
  path: '/api/review/applications/decision-preview',
  body: bulkBody({ stage: decisionStageSchema }),
  responses: {
    200: z.object({
      subject: z.string(),
      body: z.string(),
      example: z.nullable(
        z.object({
          to: z.string(),
          values: z.record(z.enum(decisionPlaceholders), z.string()),
        }),
      ),
      /** How many the action takes. */
      applications: z.number(),
      /** How many of them would get the e-mail. */
      recipients: z.number(),
      alreadySent: z.number(),
      withoutAddress: z.number(),
    }),
  },
});

/**
 * A decision on several applications: each moved to the stage and, in the same transaction, sent
 * the e-mail with its own placeholders filled in (none to those already sent it, or without an
 * address). One entry in the audit log.
 */
export const sendDecisions = endpoint({
  method: 'POST',
  path: '/api/review/applications/decisions',
  body: bulkBody({
    stage: decisionStageSchema,
    subject: decisionTextSchema(300),
    body: decisionTextSchema(20_000),
  }),
  responses: {
    200: z.object({
      moved: z.number(),
      emailed: z.number(),
      /** Those named that their applicants withdrew: neither moved nor e-mailed. */
      withdrawn: z.number(),
    }),
  },
});

export const failedMessages = endpoint({
  method: 'GET',
  path: '/api/review/messages/failed',
  responses: { 200: z.object({ messages: z.array(messageSchema) }) },
});

export const retryMessage = endpoint({
  method: 'POST',
  path: '/api/review/messages/:id/retry',
  params: byIdSchema,
  responses: { 204: z.undefined() },
});

const notifySchema = z.enum(['each', 'digest', 'none']);

export type Notify = z.output<typeof notifySchema>;

export const notificationSetting = endpoint({
  method: 'GET',
  path: '/api/review/settings/notifications',
  responses: {
    200: z.object({ notify: notifySchema, isEmailOn: z.boolean() }),
  },
});

export const chooseNotifications = endpoint({
  method: 'PUT',
  path: '/api/review/settings/notifications',
  body: z.strictObject({ notify: notifySchema }),
  responses: { 204: z.undefined() },
});
