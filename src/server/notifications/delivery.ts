import type { FastifyBaseLogger } from 'fastify';
import { startPollingWorker, type PollingWorker } from '../polling-worker.ts';
import { decisionOfPurpose } from './decision-messages.ts';
import type { ClaimedMessage, Outbox } from './outbox.ts';

/** Sends one message, or throws with a reason an admin can read. */
export type Transport = (message: ClaimedMessage) => Promise<void>;

/**
 * E-mail through SMTP. The Message-ID is the outbox id, the same on every try, so a receiver (or
 * a person) can tell a retried message from a new one. Nodemailer is loaded only when e-mail is on:
 * its modules would otherwise add to every start-up.
 */
export async function smtpTransport({
  smtpUrl,
  from,
  idDomain,
}: {
  smtpUrl: string;
  from: string;
  idDomain: string;
}): Promise<{ send: Transport; close: () => void }> {
  const { default: nodemailer } = await import('nodemailer');
  const mailer = nodemailer.createTransport({
    url: smtpUrl,
    // Several messages over one connection when a batch is due.
    pool: true,
    maxConnections: 2,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    send: async (message) => {
      if (message.channel !== 'email') throw new Error('not an e-mail');
      await mailer.sendMail({
        from,
        to: message.recipient,
        subject: message.content.subject,
        text: message.content.text,
        html: message.content.html,
        messageId: `<${message.id}@${idDomain}>`,
        headers: {
          ...message.content.headers,
          'Auto-Submitted': 'auto-generated',
        },
      });
    },
    close: () => mailer.close(),
  };
}

/**
 * A webhook POST signed per the Standard Webhooks specification: `webhook-id` is the outbox id
 * (stable across tries), `webhook-timestamp` the time of this try (receivers refuse old ones),
 * `webhook-signature` the HMAC-SHA256 of id, timestamp and body. Any 2xx is delivered. Loaded,
 * like the mailer, only when webhooks are on.
 */
export async function webhookTransport(secret: string): Promise<Transport> {
  const { Webhook } = await import('standardwebhooks');
  const signer = new Webhook(secret);
  return async (message) => {
    if (message.channel !== 'webhook') throw new Error('not a webhook');
    const body = JSON.stringify(message.content);
    const at = new Date();
    const response = await fetch(message.recipient, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': message.id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': signer.sign(message.id, at, body),
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(15_000),
    });
    // The body is not needed; reading it frees the connection.
    await response.arrayBuffer().catch(() => undefined);
    if (response.status < 200 || response.status > 299)
      throw new Error(`the receiver answered ${response.status}`);
  };
}

/**
 * Delivers due messages: claims a batch, sends each, records the outcome, and looks again at once
 * while there is more, otherwise at the next poll or when woken. The log names messages by id and
 * purpose only: recipients and texts are personal data.
 */
export function startDeliveryWorker({
  outbox,
  transports,
  log,
  pollMs = 2_000,
  batchSize = 20,
  leaseMs = 60_000,
}: {
  outbox: Outbox;
  transports: {
    email?: Transport | undefined;
    webhook?: Transport | undefined;
  };
  log: FastifyBaseLogger;
  pollMs?: number;
  batchSize?: number;
  leaseMs?: number;
}): PollingWorker {
  // Messages whose retrying this process has logged: an outage of a minute would otherwise log
  // every try of every message. A message is logged when it starts failing, when it fails for
  // good, and when it is delivered after failing: once per message and change of state.
  const failing = new Set<string>();

  async function deliver(message: ClaimedMessage): Promise<void> {
    const transport = transports[message.channel];
    let failure: string | null = null;
    try {
      if (!transport)
        throw new Error(`no ${message.channel} transport configured`);
      await transport(message);
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    try {
      const about = {
        messageId: message.id,
        purpose: message.purpose,
        attempts: message.attempts,
      };
      if (failure === null) {
        await outbox.markSent(message.id, decisionOfPurpose(message.purpose));
        if (failing.delete(message.id))
          log.info(about, 'message delivered after failing');
        return;
      }
      const outcome = await outbox.markFailedAttempt(message, failure);
      if (outcome === 'retrying' && failing.has(message.id)) return;
      if (outcome === 'retrying') failing.add(message.id);
      else failing.delete(message.id);
      log[outcome === 'failed' ? 'error' : 'warn'](
        {
          ...about,
          // A mail server's refusal often quotes the address.
          reason: failure.replace(/[^\s<>"'@]+@[^\s<>"'@]+/g, '[address]'),
        },
        outcome === 'failed'
          ? 'message failed for good'
          : 'message will be retried',
      );
    } catch (error) {
      // The database is away: the lease lapses and the message is tried again, at least once.
      log.error(
        { err: error, messageId: message.id },
        'cannot record a delivery',
      );
    }
  }

  return startPollingWorker({
    pollMs,
    runBatch: async () => {
      let claimed: ClaimedMessage[];
      try {
        claimed = await outbox.claim(batchSize, leaseMs);
      } catch (error) {
        log.error({ err: error }, 'cannot read the outbox');
        return 'unreadable';
      }
      await Promise.all(claimed.map(deliver));
      return claimed.length === batchSize ? 'full' : 'partial';
    },
  });
}
