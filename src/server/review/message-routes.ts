import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ApplicationsRepository } from '../db/applications-repository.ts';
import type { StaffNotify } from '../db/database.ts';
import type { StaffAccounts } from '../staff/staff-accounts.ts';
import { decisionDraft, emailContent } from '../notifications/messages.ts';
import type { Messaging } from '../notifications/messaging.ts';
import type { AuditLog } from '../staff/audit-log.ts';
import { requireRole } from '../staff/staff-auth.ts';

const decisionStage = {
  type: 'string',
  enum: ['accepted', 'declined'],
} as const;
type DecisionStage = 'accepted' | 'declined';

const noApplication = (reply: FastifyReply) =>
  reply
    .code(404)
    .send({ error: 'not_found', message: 'No application with that id.' });

const noEmail = (reply: FastifyReply) =>
  reply.code(409).send({
    error: 'email_off',
    message:
      'E-mail is not set up on this server (SMTP_URL and MAIL_FROM), so no message can be sent.',
  });

/**
 * The workspace's side of messages: the decision e-mail offered after a move to Accepted or
 * Declined (sent only when staff send it), the e-mails sent about an application, each person's
 * notification setting, and, for admins, messages that failed and their retry.
 */
export async function messageRoutes(
  app: FastifyInstance,
  {
    accounts,
    repository,
    messaging,
    audit,
  }: {
    accounts: StaffAccounts;
    repository: ApplicationsRepository;
    messaging: Messaging;
    audit: AuditLog;
  },
) {
  const { outbox, settings } = messaging;
  app.addHook('preHandler', requireRole('reviewer'));

  app.get<{ Params: { id: string } }>(
    '/api/review/applications/:id/messages',
    async (request) => ({
      isEmailOn: settings.isEmailOn,
      emails: await outbox.emailsAbout(request.params.id),
    }),
  );

  app.get<{ Params: { id: string }; Querystring: { stage: DecisionStage } }>(
    '/api/review/applications/:id/decision-draft',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['stage'],
          additionalProperties: false,
          properties: { stage: decisionStage },
        },
      },
    },
    async (request, reply) => {
      if (!settings.isEmailOn) return noEmail(reply);
      const application = await repository.get(request.params.id);
      if (!application) return noApplication(reply);
      return decisionDraft(application.payload, request.query.stage, settings);
    },
  );

  app.post<{
    Params: { id: string };
    Body: { stage: DecisionStage; subject: string; body: string };
  }>(
    '/api/review/applications/:id/messages',
    {
      schema: {
        body: {
          type: 'object',
          required: ['stage', 'subject', 'body'],
          additionalProperties: false,
          properties: {
            stage: decisionStage,
            subject: { type: 'string', minLength: 1, maxLength: 300 },
            body: { type: 'string', minLength: 1, maxLength: 20_000 },
          },
        },
      },
    },
    async (request, reply) => {
      if (!settings.isEmailOn) return noEmail(reply);
      const application = await repository.get(request.params.id);
      if (!application) return noApplication(reply);
      const { to } = decisionDraft(
        application.payload,
        request.body.stage,
        settings,
      );
      if (!to)
        return reply.code(400).send({
          error: 'validation',
          issues: [
            { path: 'to', message: 'This application has no e-mail address.' },
          ],
        });
      const content = emailContent(
        request.body.subject,
        request.body.body,
        settings,
        'applicant',
      );
      await outbox.enqueue([
        {
          channel: 'email',
          purpose: `decision_${request.body.stage}`,
          applicationId: application.id,
          recipient: to,
          content,
        },
      ]);
      messaging.wake();
      await audit.record({
        actor: request.staff?.email ?? '',
        action: 'message_sent',
        subject: application.id,
        address: request.ip,
        detail: `decision: ${request.body.stage}`,
      });
      return reply.code(202).send({ queued: true });
    },
  );

  app.get(
    '/api/review/messages/failed',
    { preHandler: requireRole('admin') },
    async () => ({ messages: await outbox.failed() }),
  );

  app.post<{ Params: { id: string } }>(
    '/api/review/messages/:id/retry',
    { preHandler: requireRole('admin') },
    async (request, reply) => {
      if (!(await outbox.retry(request.params.id)))
        return reply.code(404).send({
          error: 'not_found',
          message: 'No failed message with that id.',
        });
      messaging.wake();
      await audit.record({
        actor: request.staff?.email ?? '',
        action: 'message_retried',
        subject: request.params.id,
        address: request.ip,
      });
      return reply.code(204).send();
    },
  );

  app.get('/api/review/settings/notifications', async (request) => {
    const notify = await accounts.notifyOf(request.staff?.id ?? '');
    return { notify: notify ?? 'none', isEmailOn: settings.isEmailOn };
  });

  app.put<{ Body: { notify: StaffNotify } }>(
    '/api/review/settings/notifications',
    {
      schema: {
        body: {
          type: 'object',
          required: ['notify'],
          additionalProperties: false,
          properties: {
            notify: { type: 'string', enum: ['each', 'digest', 'none'] },
          },
        },
      },
    },
    async (request, reply) => {
      if (!request.staff?.isPerson)
        return reply.code(403).send({
          error: 'forbidden_role',
          message: 'The automation token receives no e-mail.',
        });
      await accounts.setNotify(request.staff.id, request.body.notify);
      return reply.code(204).send();
    },
  );
}
