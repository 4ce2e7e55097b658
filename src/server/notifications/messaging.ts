import type { FastifyBaseLogger } from 'fastify';
import type { WizardConfig } from '#engine/config-schema.ts';
import { defaultTheme } from '#engine/theme-colours.ts';
import type { StoreHooks } from '../db/application-store.ts';
import { repeatApplicationMessages } from './already-applied.ts';
import type { Database } from '../db/database.ts';
import type { MoveHooks } from '../review/review-repository.ts';
import type { PollingWorker } from '../polling-worker.ts';
import {
  smtpTransport,
  startDeliveryWorker,
  webhookTransport,
} from './delivery.ts';
import { digestMessage } from './digest-message.ts';
import type { MessageSettings } from './message-settings.ts';
import { newApplicationMessages } from './messages.ts';
import { stageChangedMessages } from './stage-changed-webhook.ts';
import { emailLogoOf } from './email-logo.ts';
import { localizeConfig } from '#engine/languages/localize.ts';
import {
  messageLanguageOf,
  notificationsIn,
} from './notifications-in-language.ts';
import {
  defaultNotificationConfig,
  type NotificationConfig,
} from './notification-config.ts';
import {
  createOutbox,
  defaultRetryPolicy,
  type RetryPolicy,
} from './outbox.ts';
import {
  loadUnsubscribeLinks,
  unsubscribePathOf,
  type UnsubscribeLinks,
} from './unsubscribe-links.ts';

/** Digests go out once a day from this hour (UTC), covering the 24 hours before it. */
const digestHourUtc = 8;

export type MessagingOptions = {
  /** The e-mails' settings of every call; by default each call's form's own. */
  notifications?: NotificationConfig;
  smtpUrl?: string | undefined;
  mailFrom?: string | undefined;
  webhookUrl?: string | undefined;
  webhookSecret?: string | undefined;
  retry?: RetryPolicy;
  pollMs?: number;
  leaseMs?: number;
};

/**
 * What a call's messages say and where they go, from its form's configuration and the server's
 * settings; `callTitle` is the call's title (a form of its own: the configuration's title).
 */
export function messageSettingsOf(
  config: WizardConfig,
  origin: string,
  options: MessagingOptions,
  callTitle: string = config.title,
): MessageSettings {
  return {
    notifications: options.notifications ?? defaultNotificationConfig,
    organisation: config.logo?.alt ?? config.title,
    callTitle,
    lang: config.lang,
    publicOrigin: origin,
    logo: emailLogoOf(config, origin),
    brandColour: config.theme.brand ?? defaultTheme.brand,
    signInUrl: config.signInUrl,
    isEmailOn: Boolean(options.smtpUrl && options.mailFrom),
    webhookUrl:
      options.webhookUrl && options.webhookSecret
        ? options.webhookUrl
        : undefined,
  };
}

/** The form a call's messages take their names and e-mail texts from, and the call's title. */
export type CallForm = {
  config: WizardConfig;
  notifications: NotificationConfig;
  callTitle: string;
};

/**
 * Where messages take their form from: one form for every call, or each call's own by its slug
 * (the default call's when none is named, or one this process does not know).
 */
type FormSource = WizardConfig | ((callSlug?: string) => CallForm);

/**
 * E-mails and webhooks, end to end: the outbox, what each event writes into it (in the event's
 * own transaction), and the worker that delivers. Without SMTP_URL no e-mail is written; without
 * WEBHOOK_URL no webhook.
 */
export function createMessaging(
  database: Database,
  form: FormSource,
  publicOrigin: string | undefined,
  options: MessagingOptions,
  now: () => Date = () => new Date(),
) {
  const outbox = createOutbox(database, {
    now,
    retry: options.retry ?? defaultRetryPolicy,
  });
  const origin = publicOrigin ?? 'http://localhost';
  const isEmailOn = Boolean(options.smtpUrl && options.mailFrom);
  const webhookUrl =
    options.webhookUrl && options.webhookSecret
      ? options.webhookUrl
      : undefined;
  const formOf =
    typeof form === 'function'
      ? form
      : (): CallForm => ({
          config: form,
          notifications: options.notifications ?? defaultNotificationConfig,
          callTitle: form.title,
        });
  let unsubscribeUrlOf: MessageSettings['unsubscribeUrlOf'];
  // Each published form's settings per language, made again only when its call's title changes.
  let cached = new WeakMap<WizardConfig, Map<string, MessageSettings>>();
  /**
   * The settings of a call's form as it is served now (the default call's without a slug), in an
   * applicant's language when given: staff's messages use the form's own.
   */
  const settingsNow = (
    callSlug?: string,
    language?: string | null,
  ): MessageSettings => {
    const { config, notifications, callTitle } = formOf(callSlug);
    const shown = messageLanguageOf(config, language);
    const byLanguage = cached.get(config) ?? new Map<string, MessageSettings>();
    cached.set(config, byLanguage);
    const known = byLanguage.get(shown);
    if (known?.callTitle === callTitle) return known;
    const own = options.notifications ?? notifications;
    const localized =
      shown === config.lang ? config : localizeConfig(config, shown);
    const settings = messageSettingsOf(
      localized,
      origin,
      {
        ...options,
        notifications:
          localized === config ? own : notificationsIn(localized, own),
      },
      callTitle,
    );
    settings.unsubscribeUrlOf = unsubscribeUrlOf;
    byLanguage.set(shown, settings);
    return settings;
  };
  let links: Promise<UnsubscribeLinks> | undefined;
  /** The signed unsubscribe links, once their key is read (or made) in the database. */
  const unsubscribeLinks = () =>
    (links ??= loadUnsubscribeLinks(database).catch((error: unknown) => {
      links = undefined;
      throw error;
    }));
  let worker: PollingWorker | null = null;
  let closeMailer = () => {};
  const wake = () => worker?.wake();

  const storeHooks: StoreHooks = {
    async inTransaction(transaction, created) {
      const staff = isEmailOn
        ? await transaction
            .selectFrom('staff_accounts')
            .select(['id', 'email'])
            .where('notify', '=', 'each')
            .execute()
        : [];
      await outbox.enqueue(
        created.flatMap(({ duplicateOf, ...application }) =>
          duplicateOf === null
            ? newApplicationMessages(
                { ...application, duplicateOf },
                staff,
                settingsNow(application.callSlug),
                settingsNow(application.callSlug, application.payload.language),
              )
            : repeatApplicationMessages(
                { ...application, duplicateOf },
                settingsNow(application.callSlug, application.payload.language),
              ),
        ),
        transaction,
      );
    },
    afterCommit: wake,
  };
  const moveHooks: MoveHooks = {
    async inTransaction(transaction, moves) {
      await outbox.enqueue(
        moves.flatMap((move) =>
          stageChangedMessages(move, settingsNow(move.callSlug)),
        ),
        transaction,
      );
    },
    afterCommit: wake,
  };

  /**
   * Writes today's digests once the hour has come: the applications of the 24 hours before it, to
   * each person who chose a digest. The key of each digest makes it once per person per day,
   * however many processes look.
   */
  async function enqueueDigests(): Promise<number> {
    if (!isEmailOn) return 0;
    const at = now();
    if (at.getUTCHours() < digestHourUtc) return 0;
    const day = at.toISOString().slice(0, 10);
    const until = new Date(
      `${day}T${String(digestHourUtc).padStart(2, '0')}:00:00.000Z`,
    );
    const since = new Date(until.getTime() - 24 * 60 * 60 * 1000);
    const { db } = database;
    const staff = await db
      .selectFrom('staff_accounts')
      .select(['id', 'email'])
      .where('notify', '=', 'digest')
      .execute();
    if (staff.length === 0) return 0;
    const received = await db
      .selectFrom('applications')
      .select(['id', 'full_name', 'country_code', 'reach', 'call_slug'])
      .where('received_at', '>=', since.toISOString())
      .where('received_at', '<', until.toISOString())
      // A person's second application to a call is on their first, which the team was told of.
      .where('duplicate_of', 'is', null)
      .orderBy('received_at')
      .execute();
    if (received.length === 0) return 0;
    const applications = received.map((row) => ({
      id: row.id,
      name: row.full_name,
      countryCode: row.country_code,
      reach: Number(row.reach),
      call: {
        slug: row.call_slug ?? '',
        title: settingsNow(row.call_slug ?? undefined).callTitle,
      },
    }));
    const written = await outbox.enqueue(
      staff.map((member) =>
        digestMessage(member, day, applications, settingsNow()),
      ),
    );
    if (written > 0) wake();
    return written;
  }
  let digestTimer: NodeJS.Timeout | undefined;

  return {
    outbox,
    settings: settingsNow,
    enqueueDigests,
    storeHooks,
    moveHooks,
    wake,
    unsubscribeLinks,
    /** Starts delivering; says once what is off and why. */
    async start(log: FastifyBaseLogger) {
      if (!isEmailOn)
        log.info('e-mail is off: SMTP_URL and MAIL_FROM are not both set');
      else {
        const signed = await unsubscribeLinks();
        unsubscribeUrlOf = (staffId) =>
          `${origin}${unsubscribePathOf(signed.tokenFor(staffId))}`;
        cached = new WeakMap();
      }
      const mailer =
        isEmailOn && options.smtpUrl && options.mailFrom
          ? await smtpTransport({
              smtpUrl: options.smtpUrl,
              from: options.mailFrom,
              idDomain: new URL(origin).hostname,
            })
          : undefined;
      closeMailer = () => mailer?.close();
      worker = startDeliveryWorker({
        outbox,
        transports: {
          email: mailer?.send,
          webhook:
            webhookUrl && options.webhookSecret
              ? await webhookTransport(options.webhookSecret)
              : undefined,
        },
        log,
        ...(options.pollMs === undefined ? {} : { pollMs: options.pollMs }),
        ...(options.leaseMs === undefined ? {} : { leaseMs: options.leaseMs }),
      });
      const writeDigests = () =>
        void enqueueDigests().catch((error: unknown) =>
          log.error({ err: error }, 'cannot write the daily digests'),
        );
      writeDigests();
      digestTimer = setInterval(writeDigests, 60_000);
      digestTimer.unref();
    },
    async stop() {
      clearInterval(digestTimer);
      await worker?.stop();
      closeMailer();
    },
  };
}

export type Messaging = ReturnType<typeof createMessaging>;
