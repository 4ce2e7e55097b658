import type { FastifyInstance } from 'fastify';
import {
  applicationEmails,
  chooseNotifications,
  decisionDraft,
  failedMessages,
  notificationSetting,
  retryMessage,
  sendDecision,
} from '#review-api/messages.ts';
import type { ApplicationsRepository } from '../db/applications-repository.ts';
import type { StaffAccounts } from '../staff/staff-accounts.ts';
import {
  decisionDraft as draftOf,
  decisionMessage,
} from '../notifications/decision-messages.ts';
import type { Messaging } from '../notifications/messaging.ts';
import type { AuditLog } from '../staff/audit-log.ts';
import { requireRole } from '../staff/staff-auth.ts';
import { routeOf, withContract } from './contract.ts';
import { isWithdrawn, type ReviewRepository } from './review-repository.ts';

const noApplication = {
  error: 'not_found',
  message: 'No application with that id.',
};

/** The refusal of anything that sends e-mail while the server has none. */
export const noEmail = {
  error: 'email_off',
  message:
    'E-mail is not set up on this server (SMTP_URL and MAIL_FROM), so no message can be sent.',
};

/**
 * The workspace's side of messages: the decision e-mail offered after a move to Accepted or
 * Declined (sent only when staff send it), the e-mails sent about an application, each person's
 * notification setting, and, for admins, messages that failed and their retry.
 */
export async function messageRoutes(
  plainApp: FastifyInstance,
  {
    accounts,
    repository,
    reviews,
    messaging,
    audit,
  }: {
    accounts: StaffAccounts;
    repository: ApplicationsRepository;
    reviews: ReviewRepository;
    messaging: Messaging;
    audit: AuditLog;
  },
) {
  const app = withContract(plainApp);
  const { outbox } = messaging;
  app.addHook('preHandler', requireRole('reviewer'));

  app.route({
    ...routeOf(applicationEmails),
    handler: async (request) => ({
      isEmailOn: messaging.settings().isEmailOn,
      emails: await outbox.emailsAbout(request.params.id),
    }),
  });

  app.route({
    ...routeOf(decisionDraft),
    handler: async (request, reply) => {
      if (!messaging.settings().isEmailOn) return reply.code(409).send(noEmail);
      const application = await repository.get(request.params.id);
      if (!application) return reply.code(404).send(noApplication);
      // The text of the application's own call's form, in the language its applicant wrote in.
      const { to, subject, body } = draftOf(
        application.payload,
        request.query.stage,
        messaging.settings(application.callSlug, application.payload.language),
      );
      return { to, subject, body };
    },
  });

  app.route({
    ...routeOf(sendDecision),
    handler: async (request, reply) => {
      if (!messaging.settings().isEmailOn) return reply.code(409).send(noEmail);
      const application = await repository.get(request.params.id);
      if (!application) return reply.code(404).send(noApplication);
      // Its applicant withdrew it: no decision is theirs to be told any more.
      if ((await reviews.withdrawnAmong([application.id])) > 0)
        return reply.code(409).send(isWithdrawn);
      const { stage, subject, body } = request.body;
      const message = decisionMessage(
        application,
        stage,
        { subject, body },
        messaging.settings(application.callSlug, application.payload.language),
      );
      if (!message)
        return reply.code(400).send({
          error: 'validation',
          issues: [
            { path: 'to', message: 'This application has no e-mail address.' },
          ],
        });
      await outbox.enqueue([message]);
      messaging.wake();
      await audit.record({
        actor: request.staff?.email ?? '',
        action: 'message_sent',
        subject: application.id,
        address: request.ip,
        detail: `decision: ${stage}`,
      });
      return reply.code(202).send({ queued: true });
    },
  });

  app.route({
    ...routeOf(failedMessages),
    preHandler: requireRole('admin'),
    handler: async () => ({ messages: await outbox.failed() }),
  });

  app.route({
    ...routeOf(retryMessage),
    preHandler: requireRole('admin'),
    handler: async (request, reply) => {
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
  });

  app.route({
    ...routeOf(notificationSetting),
    handler: async (request) => {
      const notify = await accounts.notifyOf(request.staff?.id ?? '');
      return {
        notify: notify ?? 'none',
        isEmailOn: messaging.settings().isEmailOn,
      };
    },
  });

  app.route({
    ...routeOf(chooseNotifications),
    handler: async (request, reply) => {
      if (!request.staff?.isPerson)
        return reply.code(403).send({
          error: 'forbidden_role',
          message: 'The automation token receives no e-mail.',
        });
      await accounts.setNotify(request.staff.id, request.body.notify);
      return reply.code(204).send();
    },
  });
}
