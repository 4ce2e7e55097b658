import { existsSync, mkdirSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type Driver,
  type Generated,
} from 'kysely';
import { Migrator } from 'kysely/migration';
import type { Stage } from '#engine/stages.ts';
import type { Notify } from '#review-api/messages.ts';
import type { StaffRole } from '#review-api/staff.ts';
import { buildMigrations } from './migrations.ts';
import { errorCodeOf } from './storage-fault.ts';

type ApplicationsTable = {
  id: string;
  page_id: string;
  idempotency_key: string;
  /** SHA-256 of the stored payload: a retry with the same key must carry the same application. */
  payload_hash: string;
  received_at: string;
  payload: string | Record<string, unknown>;
  full_name: string;
  email: string;
  country_code: string | null;
  /** The configuration the application was answered under; null for applications stored before versions were kept. */
  config_version: string | null;
  /** The call it was sent to (null only between an upgrade and the first start after it). */
  call_slug: string | null;
  /** 1 when it meets every eligibility rule of its call. */
  eligible: Generated<number>;
  /** JSON: one sentence per rule it misses; null when it misses none. */
  eligibility: string | null;
  /** 1 when it was stored in the hour after its call closed. */
  late: Generated<number>;
  stage: Generated<Stage>;
  /** The sum of the followers of every platform named. */
  reach: Generated<number | string>;
  /** JSON: the platforms named, with handle and followers, in the order of the platform list. */
  platforms: Generated<string>;
  /** The handles in lower case, separated by spaces, for the inbox's search. */
  handles: Generated<string>;
  /** Where the applicant's visit came from (see `labelsOf`); null when the wizard did not say. */
  source: Generated<string | null>;
  medium: Generated<string | null>;
  campaign: Generated<string | null>;
  /** The person the e-mail stands for (`emailKeyOf`): one application per person per call. */
  email_key: string | null;
  /** The first application of the same person to the same call, when this is a second one. */
  duplicate_of: Generated<string | null>;
  /** The decision the applicant has been told (its e-mail sent, or staff marked it told). */
  told_stage: Generated<Stage | null>;
  /** The language it was written in (one of its form's); null for applications stored before forms had languages. */
  language: Generated<string | null>;
};

type StageMovesTable = {
  id: string;
  application_id: string;
  at: string;
  /** The staff member's e-mail, or `api token`. */
  actor: string;
  from_stage: Stage;
  to_stage: Stage;
};

type VotesTable = {
  application_id: string;
  staff_id: string;
  /** 1 up, -1 down; one vote per staff member and application. */
  value: number;
  at: string;
};

type NotesTable = {
  id: string;
  application_id: string;
  author: string;
  at: string;
  body: string;
};

/** One row, rewritten by the health check to prove that a write reaches the disk. */
type HealthProbeTable = {
  id: number;
  probed_at: string;
};

type WizardConfigsTable = {
  /** SHA-256 of the configuration's canonical JSON. */
  version: string;
  config: string | Record<string, unknown>;
  first_served_at: string;
};

export type { StaffRole };

type StaffAccountsTable = {
  id: string;
  email: string;
  role: StaffRole;
  /** An argon2id PHC string. */
  password_hash: string;
  created_at: string;
  last_sign_in_at: string | null;
  notify: Generated<StaffNotify>;
};

/** How a staff member hears of new applications. */
export type StaffNotify = Notify;

export type OutboxChannel = 'email' | 'webhook';
export type OutboxStatus = 'pending' | 'sent' | 'failed';
/**
 * Which queue a message waits in: `person` for what a staff member sent by hand (decision
 * e-mails), delivered first; `automatic` for what events set off (receipts, staff e-mails,
 * digests, webhooks).
 */
export type OutboxLane = 'person' | 'automatic';

type OutboxTable = {
  id: string;
  channel: OutboxChannel;
  /** What the message is for: new_application, receipt, decision, digest, or the webhook's event type. */
  purpose: string;
  application_id: string | null;
  /** An e-mail address, or the webhook's URL. */
  recipient: string;
  /** JSON: an e-mail's subject, text and HTML, or a webhook's body. */
  content: string;
  dedupe_key: string | null;
  lane: Generated<OutboxLane>;
  status: OutboxStatus;
  attempts: Generated<number>;
  created_at: string;
  next_attempt_at: string;
  give_up_at: string;
  /** While a worker delivers it; a crashed worker's claim lapses. */
  locked_until: string | null;
  sent_at: string | null;
  last_error: string | null;
  /** When its text was erased (retention); the row stays as the record that it was sent. */
  content_erased_at: string | null;
};

type StaffSessionsTable = {
  token_hash: string;
  staff_id: string;
  created_at: string;
  last_seen_at: string;
};

type AuditLogTable = {
  id: string;
  at: string;
  /** The staff member's e-mail, `api token` for automation, or null when nobody was signed in. */
  actor: string | null;
  action: string;
  /** What the action was about: an application id, a staff e-mail; never an applicant's answers. */
  subject: string | null;
  address: string | null;
  detail: string | null;
  /** How many applications a bulk action took; null for an action on one or none. */
  count: Generated<number | null>;
};

type StaffInvitationsTable = {
  id: string;
  token_hash: string;
  email: string;
  role: StaffRole;
  invited_by: string;
  created_at: string;
  expires_at: string;
  /** When the invitation was taken up; a used one never works again. */
  used_at: string | null;
};

type TagsTable = {
  application_id: string;
  /** Lower case, 1 to 40 characters. */
  tag: string;
};

type StaffTwoStepTable = {
  staff_id: string;
  /** The RFC 6238 key, base32. */
  secret: string;
  created_at: string;
  turned_on_at: string | null;
  last_step: number | null;
};

type StaffRecoveryCodesTable = {
  code_hash: string;
  staff_id: string;
  used_at: string | null;
};

type StaffPendingSignInsTable = {
  token_hash: string;
  staff_id: string;
  created_at: string;
  wrong_codes: Generated<number>;
  /** The challenge a passkey must sign to finish this sign-in, once asked for. */
  challenge: string | null;
};

type StaffPasskeysTable = {
  /** The credential id, base64url. */
  id: string;
  staff_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  counter: number | string;
  /** JSON: the transports the authenticator named. */
  transports: string;
  created_at: string;
  last_used_at: string | null;
};

type StaffPasskeyChallengesTable = {
  staff_id: string;
  challenge: string;
  created_at: string;
};

type SignInFailuresTable = {
  id: string;
  at: string;
  /** The e-mail address as typed, trimmed and lower-cased; an account need not exist. */
  account: string;
  address: string;
};

/** A job that runs once a day, in whichever process claims it first. */
type DailyJobsTable = {
  name: string;
  /** The UTC day (YYYY-MM-DD) it last ran to the end. */
  last_day: string | null;
  /** While a process runs it; a process that died mid-run leaves it to another once this passes. */
  locked_until: string | null;
};

/** A call: a trip, a season, a market; its form lives in `form_versions` under its slug. */
type CallsTable = {
  slug: string;
  title: string;
  summary: Generated<string>;
  opens_at: string | null;
  closes_at: string | null;
  places: number | null;
  /** JSON of the call's eligibility rules; null when it has none. */
  eligibility: string | null;
  /** 1 once archived: closed, and out of the lists of calls. */
  archived: Generated<number>;
  /** 1 for the one call `/` serves. */
  is_default: Generated<number>;
  created_at: string;
  updated_at: string;
};

type FormVersionsTable = {
  call_slug: string;
  number: number;
  /** JSON as published. */
  config: string;
  /** SHA-256 of the configuration's canonical JSON: the version applications record. */
  config_hash: string;
  published_at: string;
  /** The staff member's e-mail, `api token`, `command line`, or null for the seed from WIZARD_CONFIG. */
  published_by: string | null;
  summary: string;
};

type FormDraftTable = {
  /** One draft per call. */
  call_slug: string;
  /** JSON as the editor saved it, valid or not. */
  config: string;
  base_version: number;
  saved_at: string;
  saved_by: string | null;
};

type FormImagesTable = {
  /** `<hash>-<width>.<avif|webp>`. */
  name: string;
  content_type: string;
  bytes: Buffer;
  created_at: string;
};

type WorkspaceSettingsTable = {
  name: string;
  value: string;
};

/** A visit of the wizard: a random id, the day it began (UTC), its call and where it came from; no person. */
type InsightVisitsTable = {
  visit_id: string;
  day: string;
  /** The slug of the call whose form was visited. */
  call: string;
  source: string;
  medium: string;
  campaign: string | null;
  referrer: string | null;
  device: string;
  /** The language the form was read in; null for visits stored before forms had languages. */
  language: Generated<string | null>;
};

/** What happened in a visit, with its visit's day, call and source so that counts need no join. */
type InsightEventsTable = {
  visit_id: string;
  day: string;
  call: string;
  source: string;
  /** visit, step, refused, submitted or signIn. */
  kind: string;
  /** The step's id (`stepIdsOf`), which its renames and moves keep; null when the kind has none. */
  step_id: string | null;
  /** The step's place in the form when the event was stored: a visit's next step is at the next place. */
  step: number | null;
  /** The form path of an answer refused on Continue: which question, never what was typed. */
  path: string | null;
  /** Milliseconds since the visit began, by the browser's clock. */
  ms: number | string;
};

/** The distinct visits of a day, call and source (labels as on the visit) that did one thing. */
type InsightCountsTable = {
  day: string;
  call: string;
  source: string;
  medium: string;
  /** '' when the visit had no campaign. */
  campaign: string;
  /** visit (the visit's row, not its event), step, refused, submitted or signIn. */
  kind: string;
  /** The step's id; '' when the kind has none. */
  step_id: string;
  /** The refused answer's form path; '' for every other kind. */
  path: string;
  visits: number;
};

/** A visit's time from first reaching a step (by its id) to first reaching the next. */
type InsightStepTimesTable = {
  step_id: string;
  ms: number;
  day: string;
  source: string;
  call: string;
  visit_id: string;
};

/** The step times of a day, call and source, counted per bucket (`stepTimeBounds`). */
type InsightStepTimeCountsTable = {
  day: string;
  call: string;
  source: string;
  step_id: string;
  bucket: number;
  visits: number;
};

/** A single-use sign-in link to the applicant's page; only its token's SHA-256 is kept. */
type ApplicantLinksTable = {
  token_hash: string;
  email_key: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
};

/** An applicant signed in to their page, by the e-mail key their applications share. */
type ApplicantSessionsTable = {
  token_hash: string;
  email_key: string;
  created_at: string;
  expires_at: string;
};

/** Answers saved to finish later, found by the resume link's token. */
type ApplicationDraftsTable = {
  token_hash: string;
  page_id: string;
  email_key: string;
  /** The step the applicant was on, from 0. */
  step: number;
  /** JSON of the answers as the wizard holds them. */
  answers: string;
  created_at: string;
  expires_at: string;
};

/** A bot-check challenge answered, kept until it expires so its answer is taken once. */
type BotCheckUsesTable = {
  /** The challenge's HMAC signature, which names it. */
  signature: string;
  idempotency_key: string;
  expires_at: string;
};

export type DatabaseSchema = {
  applications: ApplicationsTable;
  wizard_configs: WizardConfigsTable;
  staff_accounts: StaffAccountsTable;
  staff_sessions: StaffSessionsTable;
  staff_invitations: StaffInvitationsTable;
  outbox: OutboxTable;
  audit_log: AuditLogTable;
  stage_moves: StageMovesTable;
  votes: VotesTable;
  notes: NotesTable;
  tags: TagsTable;
  health_probe: HealthProbeTable;
  staff_two_step: StaffTwoStepTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  staff_pending_sign_ins: StaffPendingSignInsTable;
  sign_in_failures: SignInFailuresTable;
  workspace_settings: WorkspaceSettingsTable;
  daily_jobs: DailyJobsTable;
  staff_passkeys: StaffPasskeysTable;
  staff_passkey_challenges: StaffPasskeyChallengesTable;
  insight_visits: InsightVisitsTable;
  insight_events: InsightEventsTable;
  insight_counts: InsightCountsTable;
  insight_step_times: InsightStepTimesTable;
  insight_step_time_counts: InsightStepTimeCountsTable;
  calls: CallsTable;
  form_versions: FormVersionsTable;
  form_draft: FormDraftTable;
  form_images: FormImagesTable;
  applicant_links: ApplicantLinksTable;
  applicant_sessions: ApplicantSessionsTable;
  application_drafts: ApplicationDraftsTable;
  bot_check_uses: BotCheckUsesTable;
};
export type Engine = 'sqlite' | 'postgres';

export type Database = {
  db: Kysely<DatabaseSchema>;
  engine: Engine;
  /**
   * Makes erased rows unrecoverable from the files (SQLite: free pages and the WAL). Resolves true
   * once they are gone; false while a reader that began before the erasure (an export, a backup,
   * another process) still needs them, in which case it goes on trying until it succeeds.
   */
  scrubAfterErase: () => Promise<boolean>;
  /** Bytes free on the disk of the database's files, where this process can see it (SQLite). */
  freeBytes?: () => Promise<number>;
  close: () => Promise<void>;
};

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  sqlitePath: string;
};

/** Opens SQLite (default) or PostgreSQL (`DATABASE_URL`) and brings the schema up to date. */
export async function openDatabase(
  options: DatabaseOptions,
): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl)
    : openSqlite(options.sqlitePath);
  const migrations = buildMigrations(database.engine);
  try {
    await refuseNewerSchema(database.db, Object.keys(migrations));
    const { error } = await new Migrator({
      db: database.db,
      provider: { getMigrations: async () => migrations },
    }).migrateToLatest();
    if (error) throw error;
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/** A database that a newer version of the server has migrated, whose schema this version does not know. */
export class NewerDatabaseError extends Error {}

/**
 * Migrations only move forward, so an older server started on a newer database (a rollback after
 * an upgrade) would run on tables it does not know. It stops instead, naming what it does not know.
 */
async function refuseNewerSchema(
  db: Kysely<DatabaseSchema>,
  known: string[],
): Promise<void> {
  let applied: string[];
  try {
    const { rows } = await sql<{
      name: string;
    }>`select name from kysely_migration`.execute(db);
    applied = rows.map((row) => row.name);
  } catch (error) {
    // A new database has no record of migrations yet.
    if (
      errorCodeOf(error) === '42P01' ||
      /no such table/.test((error as Error).message)
    )
      return;
    throw error;
  }
  const unknown = applied.filter((name) => !known.includes(name)).sort();
  if (unknown.length > 0)
    throw new NewerDatabaseError(
      `was migrated by a newer version of this server (${unknown.join(', ')} unknown to this one): run that version, or restore a backup taken before the upgrade`,
    );
}

/**
 * SQLite's dialect with every transaction begun IMMEDIATE, taking the write lock at once. A plain
 * BEGIN reads first; when another connection (`npm run staff`, a second process) commits before
 * the transaction's first write, SQLite cannot move its snapshot forward and fails with "database
 * is locked" at once, without waiting out the busy timeout. Begun IMMEDIATE, it waits its turn.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  readonly #connection: SQLite.Database;

  constructor(connection: SQLite.Database) {
    super({ database: connection });
    this.#connection = connection;
  }

  override createDriver(): Driver {
    const connection = this.#connection;
    return new (class extends SqliteDriver {
      override async beginTransaction(
        kyselyConnection: DatabaseConnection,
      ): Promise<void> {
        await kyselyConnection.executeQuery(
          CompiledQuery.raw('begin immediate'),
        );
      }

      // A full disk or an I/O error makes SQLite roll the transaction back itself; a second
      // rollback would fail with "no transaction is active" and hide the error that mattered.
      override async rollbackTransaction(
        kyselyConnection: DatabaseConnection,
      ): Promise<void> {
        if (connection.inTransaction)
          await kyselyConnection.executeQuery(CompiledQuery.raw('rollback'));
      }
    })({ database: connection });
  }
}

/**
 * Makes the missing folders above `path`, top down, one at a time. Node's recursive mkdir never
 * returns where a file system refuses a folder its parent could hold (`/proc/nope`): it spins.
 */
function makeFoldersFor(path: string): void {
  const missing: string[] = [];
  for (
    let folder = dirname(resolve(path));
    !existsSync(folder);
    folder = dirname(folder)
  ) {
    missing.unshift(folder);
    if (dirname(folder) === folder) break;
  }
  for (const folder of missing) mkdirSync(folder);
}

function openSqlite(path: string): Database {
  if (path !== ':memory:') makeFoldersFor(path);
  const connection = new SQLite(path);
  // WAL with synchronous=FULL syncs the log on every commit, so an acknowledged application
  // survives a power loss; secure_delete overwrites erased rows instead of leaving them in free pages.
  connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = FULL');
  connection.pragma(`busy_timeout = ${busyTimeoutMs}`);
  connection.pragma('foreign_keys = ON');
  connection.pragma('secure_delete = ON');
  const db = new Kysely<DatabaseSchema>({
    dialect: new ImmediateSqliteDialect(connection),
  });
  const scrubber = createScrubber(db);
  scrubber.resume();
  return {
    db,
    engine: 'sqlite',
    scrubAfterErase: () => scrubber.scrub(),
    ...(path !== ':memory:' && {
      freeBytes: async () => {
        const { bavail, bsize } = await statfs(dirname(resolve(path)));
        return bavail * bsize;
      },
    }),
    close: async () => {
      scrubber.stop();
      await db.destroy();
    },
  };
}

const busyTimeoutMs = 5000;

/**
 * Waits between tries while a reader holds the erased bytes: long enough in all for an export's
 * batch or a backup's page copy to finish, short enough for the staff member waiting on the answer.
 */
const scrubRetriesMs = [25, 50, 100, 200, 400];
const scrubInBackgroundEveryMs = 1000;

/**
 * Erased bytes leave the files only when a checkpoint copies the WAL into the database and
 * truncates it, which a reader on an older snapshot prevents. The checkpoint runs with no busy
 * timeout, so a busy database answers at once instead of blocking the event loop, and is tried
 * again a few times; then again each second in the background until it succeeds. A try at
 * start-up finishes a scrub that a restart interrupted.
 */
function createScrubber(db: Kysely<DatabaseSchema>) {
  let background: NodeJS.Timeout | undefined;

  const tryOnce = () =>
    db.connection().execute(async (connection) => {
      await sql`PRAGMA busy_timeout = 0`.execute(connection);
      try {
        const { rows } = await sql<{
          busy: number;
        }>`PRAGMA wal_checkpoint(TRUNCATE)`.execute(connection);
        return rows[0]?.busy === 0;
      } catch (error) {
        if (isBusy(error)) return false;
        throw error;
      } finally {
        await sql
          .raw(`PRAGMA busy_timeout = ${busyTimeoutMs}`)
          .execute(connection);
      }
    });

  const keepTrying = () => {
    if (background) return;
    background = setInterval(() => {
      void tryOnce().then(
        (isDone) => {
          if (isDone) stop();
        },
        () => {},
      );
    }, scrubInBackgroundEveryMs);
    // A pending scrub must not hold the process open; the next start-up finishes it.
    background.unref();
  };

  const stop = () => {
    clearInterval(background);
    background = undefined;
  };

  return {
    async scrub(): Promise<boolean> {
      for (const waitMs of [...scrubRetriesMs, undefined]) {
        if (await tryOnce()) {
          stop();
          return true;
        }
        if (waitMs === undefined) break;
        await new Promise((resolve) => setTimeout(resolve, waitMs));
      }
      keepTrying();
      return false;
    },
    resume() {
      void tryOnce().then(
        (isDone) => {
          if (!isDone) keepTrying();
        },
        () => {},
      );
    },
    stop,
  };
}

function isBusy(error: unknown): boolean {
  const code = errorCodeOf(error);
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}

async function openPostgres(url: string): Promise<Database> {
  // Imported only here: a server on SQLite would spend part of its start-up loading it for nothing.
  const { default: pg } = await import('pg');
  // Without a connection timeout, a database host that drops packets would hang start-up and
  // every request for good.
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 10_000,
  });
  // An idle connection closed by the server (restart, failover, admin) emits 'error' on the pool;
  // unhandled it would end the process. The pool drops that client and the next query reconnects.
  pool.on('error', () => {});
  // A connection that ends while in use (PostgreSQL stopped or restarted, the backend terminated)
  // rejects its query, which answers 503; its client also emits 'error', which unheard would end
  // the process. The pool drops that client when it comes back.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<DatabaseSchema>({
    dialect: new PostgresDialect({ pool }),
  });
  return {
    db,
    engine: 'postgres',
    // Row versions are reclaimed by autovacuum; PostgreSQL offers no stronger promise.
    scrubAfterErase: async () => true,
    close: () => db.destroy(),
  };
}
