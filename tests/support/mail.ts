import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import {
  defaultNotificationConfig,
  type NotificationConfig,
} from '../../src/server/notifications/notification-config.ts';

/** Resolves once `condition` holds, checking after every change reported through `changed`. */
function waiter<T>(read: () => T[]) {
  const listeners = new Set<() => void>();
  return {
    changed: () => {
      for (const listener of listeners) listener();
    },
    /** Waits until at least `count` have arrived, or fails after `timeoutMs`. */
    waitFor: (count: number, timeoutMs = 10_000) =>
      new Promise<T[]>((resolve, reject) => {
        const check = () => {
          if (read().length < count) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(read());
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(
            new Error(`expected ${count} to arrive, got ${read().length}`),
          );
        }, timeoutMs);
        listeners.add(check);
        check();
      }),
  };
}

/**
 * An SMTP server listening on `port`. The end-to-end servers e-mail one fixed port, so specs that
 * read their e-mails take turns: while another spec's server holds the port, this one waits for it
 * to be let go (up to two minutes), rather than failing or reading the other's mail.
 */
async function listenWhenFree(
  make: () => SMTPServer,
  port: number,
): Promise<SMTPServer> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const server = make();
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => {
      server.once('error', resolve);
      server.listen(port, '127.0.0.1', () => resolve(null));
    });
    if (!error) return server;
    if (error.code !== 'EADDRINUSE' || port === 0 || Date.now() > deadline)
      throw error;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A real SMTP server in the test process: every message it accepts, parsed. `down()` stops
 * listening (a mail server that is away), `up()` listens again on the same port. `acceptDelayMs`
 * makes it a slow relay: each message is accepted that long after it has arrived.
 */
export async function startSmtpServer(
  listenPort = 0,
  { acceptDelayMs = 0 }: { acceptDelayMs?: number } = {},
) {
  const messages: Array<
    ParsedMail & { envelopeTo: string[]; acceptedAtMs: number }
  > = [];
  const arrivals = waiter(() => messages);
  const make = () =>
    new SMTPServer({
      authOptional: true,
      // Going down ends open connections (a client's pool) at once instead of waiting for them.
      closeTimeout: 50,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        simpleParser(stream).then(
          async (parsed) => {
            if (acceptDelayMs > 0)
              await new Promise((resolve) =>
                setTimeout(resolve, acceptDelayMs),
              );
            messages.push({
              ...parsed,
              acceptedAtMs: Date.now(),
              envelopeTo: session.envelope.rcptTo.map(
                (recipient) => recipient.address,
              ),
            });
            arrivals.changed();
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
  let server = await listenWhenFree(make, listenPort);
  const port = (server.server.address() as AddressInfo).port;
  const close = (target: SMTPServer) =>
    new Promise<void>((resolve) => target.close(() => resolve()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor: arrivals.waitFor,
    down: () => close(server),
    up: async () => {
      server = make();
      await new Promise<void>((resolve) =>
        server.listen(port, '127.0.0.1', resolve),
      );
    },
    close: () => close(server),
  };
}

/**
 * A real HTTP receiver of webhooks. It answers with the statuses given in turn, then 200.
 */
export async function startWebhookReceiver(
  statuses: number[] = [],
  listenPort = 0,
) {
  const received: Array<{
    headers: IncomingHttpHeaders;
    body: string;
    at: number;
    status: number;
  }> = [];
  const arrivals = waiter(() => received.filter((entry) => entry.status < 300));
  const queue = [...statuses];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const status = queue.shift() ?? 200;
      received.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: performance.now(),
        status,
      });
      response.writeHead(status).end();
      arrivals.changed();
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(listenPort, '127.0.0.1', resolve),
  );
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** Waits for this many answered 2xx. */
    waitFor: arrivals.waitFor,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Messaging that e-mails through a test's SMTP server, looking for work every 50 ms. */
export const emailThrough = (
  smtp: { url: string },
  notifications: Partial<NotificationConfig> = {},
) => ({
  notifications: { ...defaultNotificationConfig, ...notifications },
  smtpUrl: smtp.url,
  mailFrom: 'Visit Aldmere Coast <creators@example.org>',
  pollMs: 50,
});
