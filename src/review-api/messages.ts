import * as z from 'zod/mini';
import { byIdSchema } from './common.ts';
import { endpoint } from './endpoint.ts';

const decisionStageSchema = z.enum(['accepted', 'declined']);

export type DecisionStage = z.output<typeof decisionStageSchema>;

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
