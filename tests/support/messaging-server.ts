import { randomBytes } from 'node:crypto';
import type { MessagingOptions } from '../../src/server/notifications/messaging.ts';
import { startSmtpServer, startWebhookReceiver } from './mail.ts';
import { startTestServer } from './test-server.ts';

/**
 * The real app over a scratch database, e-mailing through a real SMTP server and posting signed
 * webhooks to a real receiver, both in the test process. The receiver answers `webhookStatuses` in
 * turn, then 200; the outbox looks for work every 50 ms unless `messaging` says otherwise.
 */
export async function startMessagingServer({
  webhookStatuses = [],
  messaging = {},
  ...options
}: Parameters<typeof startTestServer>[0] & {
  webhookStatuses?: number[];
  messaging?: MessagingOptions;
}) {
  const smtp = await startSmtpServer();
  const hooks = await startWebhookReceiver(webhookStatuses);
  const webhookSecret = `whsec_${randomBytes(32).toString('base64')}`;
  const server = await startTestServer({
    ...options,
    messaging: {
      smtpUrl: smtp.url,
      mailFrom: 'Visit Aldmere Coast <creators@example.org>',
      webhookUrl: hooks.url,
      webhookSecret,
      pollMs: 50,
      ...messaging,
    },
  });
  return {
    server,
    smtp,
    hooks,
    webhookSecret,
    close: async () => {
      await server.close();
      await smtp.close();
      await hooks.close();
    },
  };
}
