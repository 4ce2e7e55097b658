import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { ApplicationPayload } from '#engine/payload.ts';
import { addApplicantPage } from './applicant-migration.ts';
import { migratedInboxColumnsOf } from './inbox-columns-migration.ts';
import { addAttribution } from './attribution-migration.ts';
import { addBotCheckUses } from './bot-check-migration.ts';
import { addBulkJobs } from './bulk-job-migration.ts';
import { addLanguages } from './language-migration.ts';
import { addSearch } from './search-migration.ts';
import { addSearchKeys } from './search-key-migration.ts';
import { addInboxFilterIndexes } from './inbox-filters-migration.ts';
import { addFacetIndexes } from './facet-indexes-migration.ts';
import { addVoteCounts } from './vote-count-migration.ts';
import { addReach } from './reach-migration.ts';
import {
  countInsightsByStep,
  fillRollupsByPlace,
} from './insight-migrations.ts';
import type { Engine } from './database.ts';

/** Versioned migrations, run at start-up; a name once shipped never changes. */
export function buildMigrations(engine: Engine): Record<string, Migration> {
  return {
    '001-create-applications': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('applications')
          .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
          .addColumn('page_id', 'varchar(64)', (column) => column.notNull())
          .addColumn('idempotency_key', 'varchar(36)', (column) =>
            column.notNull(),
          )
          .addColumn('payload_hash', 'varchar(64)', (column) =>
            column.notNull(),
          )
          .addColumn('received_at', 'varchar(24)', (column) => column.notNull())
          .addColumn(
            'payload',
            engine === 'postgres' ? 'jsonb' : 'text',
            (column) => column.notNull(),
          )
          .addColumn('full_name', 'varchar(620)', (column) => column.notNull())
          .addColumn('email', 'varchar(320)', (column) => column.notNull())
          .addColumn('country_code', 'varchar(2)')
          // The idempotency check lives in the database, so any number of server processes agree.
          .addUniqueConstraint('applications_page_key_unique', [
            'page_id',
            'idempotency_key',
          ])
          .execute();
        await db.schema
          .createIndex('applications_received_at')
          .on('applications')
          .columns(['received_at', 'id'])
          .execute();
        await db.schema
          .createIndex('applications_email')
          .on('applications')
          .expression(sql`lower(email)`)
          .execute();
      },
    },
    '002-configuration-versions': {
      async up(db: Kysely<unknown>) {
        // Each application keeps the configuration it was answered under, so its questions read the
        // same after the form changes.
        await db.schema
          .createTable('wizard_configs')
          .addColumn('version', 'varchar(64)', (column) => column.primaryKey())
          .addColumn(
            'config',
            engine === 'postgres' ? 'jsonb' : 'text',
            (column) => column.notNull(),
          )
          .addColumn('first_served_at', 'varchar(24)', (column) =>
            column.notNull(),
          )
          .execute();
        await db.schema
          .alterTable('applications')
          .addColumn('config_version', 'varchar(64)')
          .execute();
      },
    },
    '003-staff': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('staff_accounts')
          .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
          // Stored lower-cased: one account per address however it is typed.
          .addColumn('email', 'varchar(320)', (column) =>
            column.notNull().unique(),
          )
          .addColumn('role', 'varchar(16)', (column) => column.notNull())
          .addColumn('password_hash', 'varchar(200)', (column) =>
            column.notNull(),
          )
          .addColumn('created_at', 'varchar(24)', (column) => column.notNull())
          .addColumn('last_sign_in_at', 'varchar(24)')
          .execute();
        await db.schema
          .createTable('staff_sessions')
          // Only the token's SHA-256: a copy of the database signs nobody in.
          .addColumn('token_hash', 'varchar(64)', (column) =>
            column.primaryKey(),
          )
          .addColumn('staff_id', 'varchar(36)', (column) =>
            column
              .notNull()
              .references('staff_accounts.id')
              .onDelete('cascade'),
          )
          .addColumn('created_at', 'varchar(24)', (column) => column.notNull())
          .addColumn('last_seen_at', 'varchar(24)', (column) =>
            column.notNull(),
          )
          .execute();
        await db.schema
          .createIndex('staff_sessions_staff')
          .on('staff_sessions')
          .column('staff_id')
          .execute();
        await db.schema
          .createTable('audit_log')
          .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
          .addColumn('at', 'varchar(24)', (column) => column.notNull())
          .addColumn('actor', 'varchar(320)')
          .addColumn('action', 'varchar(40)', (column) => column.notNull())
          .addColumn('subject', 'varchar(320)')
          .addColumn('address', 'varchar(64)')
          .addColumn('detail', 'varchar(400)')
          .execute();
        await db.schema
          .createIndex('audit_log_at')
          .on('audit_log')
          .columns(['at', 'id'])
          .execute();
        // Failed sign-ins are counted per account and per address.
        await db.schema
          .createIndex('audit_log_action_subject')
          .on('audit_log')
          .columns(['action', 'subject', 'at'])
          .execute();
        await db.schema
          .createIndex('audit_log_action_address')
          .on('audit_log')
          .columns(['action', 'address', 'at'])
          .execute();
      },
    },
    '004-review': {
      async up(db: Kysely<unknown>) {
        // Every application starts as new; staff move it between the four stages.
        await db.schema
          .alterTable('applications')
          .addColumn('stage', 'varchar(16)', (column) =>
            column.notNull().defaultTo('new'),
          )
          .execute();
        await db.schema
          .createIndex('applications_stage_received_at')
          .on('applications')
          .columns(['stage', 'received_at', 'id'])
          .execute();
        // What belongs to an application goes when it is erased (foreign keys, cascade).
        const application = (column: ColumnDefinitionBuilder) =>
          column.notNull().references('applications.id').onDelete('cascade');
        await db.schema
          .createTable('stage_moves')
          .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
          .addColumn('application_id', 'varchar(36)', application)
          .addColumn('at', 'varchar(24)', (column) => column.notNull())
          .addColumn('actor', 'varchar(320)', (column) => column.notNull())
          .addColumn('from_stage', 'varchar(16)', (column) => column.notNull())
          .addColumn('to_stage', 'varchar(16)', (column) => column.notNull())
          .execute();
        await db.schema
          .createIndex('stage_moves_application')
          .on('stage_moves')
          .columns(['application_id', 'at'])
          .execute();
        await db.schema
          .createTable('votes')
          .addColumn('application_id', 'varchar(36)', application)
          .addColumn('staff_id', 'varchar(36)', (column) =>
            column
              .notNull()
              .references('staff_accounts.id')
              .onDelete('cascade'),
          )
          .addColumn('value', 'integer', (column) => column.notNull())
          .addColumn('at', 'varchar(24)', (column) => column.notNull())
          .addPrimaryKeyConstraint('votes_primary', [
            'application_id',
            'staff_id',
          ])
          .execute();
        await db.schema
          .createTable('notes')
          .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
          .addColumn('application_id', 'varchar(36)', application)
          // The author's address as it was: a note outlives its author's account.
          .addColumn('author', 'varchar(320)', (column) => column.notNull())
          .addColumn('at', 'varchar(24)', (column) => column.notNull())
          .addColumn('body', 'text', (column) => column.notNull())
          .execute();
        await db.schema
          .createIndex('notes_application')
          .on('notes')
          .columns(['application_id', 'at'])
          .execute();
      },
    },
    '005-inbox-columns': {
      async up(db: Kysely<unknown>) {
        // Kept beside the payload so the inbox sorts and filters by them in SQL.
        await db.schema
          .alterTable('applications')
          .addColumn('reach', 'bigint', (column) =>
            column.notNull().defaultTo(0),
          )
          .execute();
        await db.schema
          .alterTable('applications')
          .addColumn('platforms', 'text', (column) =>
            column.notNull().defaultTo('[]'),
          )
          .execute();
        await db.schema
          .alterTable('applications')
          .addColumn('handles', 'varchar(2000)', (column) =>
            column.notNull().defaultTo(''),
          )
          .execute();
        await db.schema
          .createIndex('applications_reach')
          .on('applications')
          .columns(['reach', 'received_at', 'id'])
          .execute();
        const stored = await sql<{
          id: string;
          payload: string | ApplicationPayload;
        }>`SELECT id, payload FROM applications`.execute(db);
        for (const row of stored.rows) {
          const payload =
            typeof row.payload === 'string'
              ? (JSON.parse(row.payload) as ApplicationPayload)
              : row.payload;
          const columns = migratedInboxColumnsOf(payload);
          await sql`UPDATE applications SET reach = ${columns.reach}, platforms = ${columns.platforms}, handles = ${columns.handles} WHERE id = ${row.id}`.execute(
            db,
          );
        }
      },
    },
    '006-tags': {
      async up(db: Kysely<unknown>) {
        // Staff's own labels on applications ("food", "press trip"), gone with the application.
        await db.schema
          .createTable('tags')
          .addColumn('application_id', 'varchar(36)', (column) =>
            column.notNull().references('applications.id').onDelete('cascade'),
          )
          .addColumn('tag', 'varchar(40)', (column) => column.notNull())
          .addPrimaryKeyConstraint('tags_primary', ['application_id', 'tag'])
          .execute();
        await db.schema
          .createIndex('tags_tag')
          .on('tags')
          .columns(['tag', 'application_id'])
          .execute();
      },
    },
    '007-staff-invitations': {
      async up(db: Kysely<unknown>) {
        // An admin's invitation: a link that works once, for 72 hours; only its token's SHA-256 is kept.
        await db.schema
          .createTable('staff_invitations')
          .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
          .addColumn('token_hash', 'varchar(64)', (column) =>
            column.notNull().unique(),
          )
          .addColumn('email', 'varchar(320)', (column) => column.notNull())
          .addColumn('role', 'varchar(16)', (column) => column.notNull())
          .addColumn('invited_by', 'varchar(320)', (column) => column.notNull())
          .addColumn('created_at', 'varchar(24)', (column) => column.notNull())
          .addColumn('expires_at', 'varchar(24)', (column) => column.notNull())
          .addColumn('used_at', 'varchar(24)')
          .execute();
      },
    },
    '008-outbox': {
      async up(db: Kysely<unknown>) {
        // Messages to send, written in the transaction of the event they tell of, so neither is
        // ever committed without the other; a worker delivers them. A message of an erased
        // application goes with it.
        await db.schema
          .createTable('outbox')
          .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
          .addColumn('channel', 'varchar(16)', (column) => column.notNull())
          .addColumn('purpose', 'varchar(40)', (column) => column.notNull())
          .addColumn('application_id', 'varchar(36)', (column) =>
            column.references('applications.id').onDelete('cascade'),
          )
          .addColumn('recipient', 'varchar(2000)', (column) => column.notNull())
          .addColumn('content', 'text', (column) => column.notNull())
          // One digest per person per day, however many processes notice the day has come.
          .addColumn('dedupe_key', 'varchar(200)', (column) => column.unique())
          .addColumn('status', 'varchar(16)', (column) => column.notNull())
          .addColumn('attempts', 'integer', (column) =>
            column.notNull().defaultTo(0),
          )
          .addColumn('created_at', 'varchar(24)', (column) => column.notNull())
          .addColumn('next_attempt_at', 'varchar(24)', (column) =>
            column.notNull(),
          )
          // Retries stop here and the message is marked failed; an admin's retry moves it on.
          .addColumn('give_up_at', 'varchar(24)', (column) => column.notNull())
          .addColumn('locked_until', 'varchar(24)')
          .addColumn('sent_at', 'varchar(24)')
          .addColumn('last_error', 'varchar(500)')
          .execute();
        await db.schema
          .createIndex('outbox_due')
          .on('outbox')
          .columns(['status', 'next_attempt_at'])
          .execute();
        await db.schema
          .createIndex('outbox_application')
          .on('outbox')
          .column('application_id')
          .execute();
        // Each person chooses: an e-mail per application (the default), a daily digest, or none.
        await db.schema
          .alterTable('staff_accounts')
          .addColumn('notify', 'varchar(16)', (column) =>
            column.notNull().defaultTo('each'),
          )
          .execute();
      },
    },
    '009-health-probe': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('health_probe')
          .addColumn('id', 'integer', (column) => column.primaryKey())
          .addColumn('probed_at', 'varchar(24)', (column) => column.notNull())
          .execute();
      },
    },
    '010-two-step-sign-in': {
      async up(db: Kysely<unknown>) {
        const staff = (column: ColumnDefinitionBuilder) =>
          column.notNull().references('staff_accounts.id').onDelete('cascade');
        // The time-based code's key of an account; `turned_on_at` stays null while its set-up waits
        // for a first code. `last_step` is the time step of the last code taken: no code is taken twice.
        await db.schema
          .createTable('staff_two_step')
          .addColumn('staff_id', 'varchar(36)', (column) =>
            staff(column).primaryKey(),
          )
          .addColumn('secret', 'varchar(64)', (column) => column.notNull())
          .addColumn('created_at', 'varchar(24)', (column) => column.notNull())
          .addColumn('turned_on_at', 'varchar(24)')
          .addColumn('last_step', 'integer')
          .execute();
        // Only each recovery code's SHA-256 (the codes carry 120 random bits).
        await db.schema
          .createTable('staff_recovery_codes')
          .addColumn('code_hash', 'varchar(64)', (column) =>
            column.primaryKey(),
          )
          .addColumn('staff_id', 'varchar(36)', staff)
          .addColumn('used_at', 'varchar(24)')
          .execute();
        await db.schema
          .createIndex('staff_recovery_codes_staff')
          .on('staff_recovery_codes')
          .column('staff_id')
          .execute();
        // A password accepted, its second step not yet done: the browser holds the token.
        await db.schema
          .createTable('staff_pending_sign_ins')
          .addColumn('token_hash', 'varchar(64)', (column) =>
            column.primaryKey(),
          )
          .addColumn('staff_id', 'varchar(36)', staff)
          .addColumn('created_at', 'varchar(24)', (column) => column.notNull())
          .addColumn('wrong_codes', 'integer', (column) =>
            column.notNull().defaultTo(0),
          )
          .execute();
        // Failed sign-ins, counted per account and address and per address; never per account alone.
        await db.schema
          .createTable('sign_in_failures')
          .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
          .addColumn('at', 'varchar(24)', (column) => column.notNull())
          .addColumn('account', 'varchar(320)', (column) => column.notNull())
          .addColumn('address', 'varchar(64)', (column) => column.notNull())
          .execute();
        await db.schema
          .createIndex('sign_in_failures_pair')
          .on('sign_in_failures')
          .columns(['account', 'address', 'at'])
          .execute();
        await db.schema
          .createIndex('sign_in_failures_address')
          .on('sign_in_failures')
          .columns(['address', 'at'])
          .execute();
        await db.schema
          .createIndex('sign_in_failures_at')
          .on('sign_in_failures')
          .column('at')
          .execute();
        // Settings of the whole workspace, changed from the command line.
        await db.schema
          .createTable('workspace_settings')
          .addColumn('name', 'varchar(64)', (column) => column.primaryKey())
          .addColumn('value', 'varchar(400)', (column) => column.notNull())
          .execute();
      },
    },
    '011-passkeys': {
      async up(db: Kysely<unknown>) {
        // Passkeys (WebAuthn credentials): another way to do the second step of signing in.
        await db.schema
          .createTable('staff_passkeys')
          .addColumn('id', 'varchar(400)', (column) => column.primaryKey())
          .addColumn('staff_id', 'varchar(36)', (column) =>
            column
              .notNull()
              .references('staff_accounts.id')
              .onDelete('cascade'),
          )
          .addColumn('public_key', 'text', (column) => column.notNull())
          .addColumn('counter', 'bigint', (column) => column.notNull())
          .addColumn('transports', 'varchar(200)', (column) => column.notNull())
          .addColumn('created_at', 'varchar(24)', (column) => column.notNull())
          .addColumn('last_used_at', 'varchar(24)')
          .execute();
        await db.schema
          .createIndex('staff_passkeys_staff')
          .on('staff_passkeys')
          .column('staff_id')
          .execute();
        // The challenge a passkey must sign: for a sign-in on its pending row, for a new passkey
        // on the account's own row here.
        await db.schema
          .alterTable('staff_pending_sign_ins')
          .addColumn('challenge', 'varchar(200)')
          .execute();
        await db.schema
          .createTable('staff_passkey_challenges')
          .addColumn('staff_id', 'varchar(36)', (column) =>
            column
              .primaryKey()
              .references('staff_accounts.id')
              .onDelete('cascade'),
          )
          .addColumn('challenge', 'varchar(200)', (column) => column.notNull())
          .addColumn('created_at', 'varchar(24)', (column) => column.notNull())
          .execute();
      },
    },
    '015-audit-log-filters': {
      async up(db: Kysely<unknown>) {
        // A bulk action is one entry, with the number of applications it took.
        await db.schema
          .alterTable('audit_log')
          .addColumn('count', 'integer')
          .execute();
        // The log is read newest first a page at a time, filtered by who or by what.
        await db.schema
          .createIndex('audit_log_actor_at')
          .on('audit_log')
          .columns(['actor', 'at', 'id'])
          .execute();
        await db.schema
          .createIndex('audit_log_action_at')
          .on('audit_log')
          .columns(['action', 'at', 'id'])
          .execute();
      },
    },
    '016-applications-config-version': {
      async up(db: Kysely<unknown>) {
        // An export asks which configurations its applications were answered under.
        await db.schema
          .createIndex('applications_config_version')
          .on('applications')
          .column('config_version')
          .execute();
      },
    },
    '017-outbox-lanes': {
      async up(db: Kysely<unknown>) {
        // What a person sent goes before what events set off: a decision e-mail must not wait
        // behind thousands of receipts. Decision e-mails already waiting join the person's lane.
        await db.schema
          .alterTable('outbox')
          .addColumn('lane', 'varchar(16)', (column) =>
            column.notNull().defaultTo('automatic'),
          )
          .execute();
        await sql`update outbox set lane = 'person' where purpose like 'decision%'`.execute(
          db,
        );
        // Each lane is claimed on its own, oldest due first.
        await db.schema
          .createIndex('outbox_lane_due')
          .on('outbox')
          .columns(['status', 'lane', 'next_attempt_at'])
          .execute();
        await db.schema.dropIndex('outbox_due').execute();
      },
    },
    '019-retention': {
      async up(db: Kysely<unknown>) {
        // A message's text erased once it is no longer needed; the row stays as the record that it
        // went. The retention job finds the texts still kept by this column.
        await db.schema
          .alterTable('outbox')
          .addColumn('content_erased_at', 'varchar(24)')
          .execute();
        await db.schema
          .createIndex('outbox_kept_content')
          .on('outbox')
          .columns(['content_erased_at', 'created_at'])
          .execute();
        // Jobs that run once a day whichever process starts them: the day last run, and the lease
        // of the process running it now (one that dies mid-run lets another take over when it lapses).
        await db.schema
          .createTable('daily_jobs')
          .addColumn('name', 'varchar(40)', (column) => column.primaryKey())
          .addColumn('last_day', 'varchar(10)')
          .addColumn('locked_until', 'varchar(24)')
          .execute();
        await sql`INSERT INTO daily_jobs (name) VALUES ('retention')`.execute(
          db,
        );
      },
    },
    '021-insights': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('insight_visits')
          .addColumn('visit_id', 'varchar(36)', (column) => column.primaryKey())
          .addColumn('day', 'varchar(10)', (column) => column.notNull())
          .addColumn('source', 'varchar(253)', (column) => column.notNull())
          .addColumn('medium', 'varchar(100)', (column) => column.notNull())
          .addColumn('campaign', 'varchar(100)')
          .addColumn('referrer', 'varchar(260)')
          .addColumn('device', 'varchar(7)', (column) => column.notNull())
          .execute();
        await db.schema
          .createIndex('insight_visits_day')
          .on('insight_visits')
          .columns(['day', 'source'])
          .execute();
        // No key of its own: events are only ever counted, by kind and period, and purged by day.
        await db.schema
          .createTable('insight_events')
          .addColumn('visit_id', 'varchar(36)', (column) => column.notNull())
          .addColumn('day', 'varchar(10)', (column) => column.notNull())
          .addColumn('source', 'varchar(253)', (column) => column.notNull())
          .addColumn('kind', 'varchar(9)', (column) => column.notNull())
          .addColumn('step', 'integer')
          .addColumn('path', 'varchar(200)')
          .addColumn('ms', 'bigint', (column) => column.notNull())
          .execute();
        // A visit reaches a step (or is refused an answer, or submits) once, however often it reports
        // it (a reload reports the step again): so a count of rows is a count of distinct visits, and
        // the time a step was first reached is the one kept.
        await db.schema
          .createIndex('insight_events_once')
          .on('insight_events')
          .unique()
          .expression(
            sql`visit_id, kind, coalesce(step, -1), coalesce(path, '')`,
          )
          .execute();
        // Every count reads one kind over a period (of one source): this index alone answers it.
        await db.schema
          .createIndex('insight_events_kind_day')
          .on('insight_events')
          .columns(['kind', 'day', 'source', 'step', 'visit_id', 'ms'])
          .execute();
      },
    },
    '022-application-source': {
      async up(db: Kysely<unknown>) {
        for (const column of ['source', 'medium', 'campaign'])
          await db.schema
            .alterTable('applications')
            .addColumn(column, 'varchar(253)')
            .execute();
      },
    },
    '023-form-versions': {
      async up(db: Kysely<unknown>) {
        // The published form, one row per version, numbered from 1; the highest is what visitors get.
        // The number is the key, so two admins publishing from the same base cannot both win.
        await db.schema
          .createTable('form_versions')
          .addColumn('number', 'integer', (column) => column.primaryKey())
          // Text on both engines: the form comes back exactly as published, keys in their order.
          .addColumn('config', 'text', (column) => column.notNull())
          // The content hash applications record as their configuration version.
          .addColumn('config_hash', 'varchar(64)', (column) => column.notNull())
          .addColumn('published_at', 'varchar(24)', (column) =>
            column.notNull(),
          )
          .addColumn('published_by', 'varchar(320)')
          .addColumn('summary', 'varchar(400)', (column) => column.notNull())
          .execute();
        // One saved, unpublished edit for the whole organisation: any state, even invalid.
        await db.schema
          .createTable('form_draft')
          .addColumn('id', 'integer', (column) => column.primaryKey())
          .addColumn('config', 'text', (column) => column.notNull())
          .addColumn('base_version', 'integer', (column) => column.notNull())
          .addColumn('saved_at', 'varchar(24)', (column) => column.notNull())
          .addColumn('saved_by', 'varchar(320)')
          .execute();
      },
    },
    '024-form-images': {
      async up(db: Kysely<unknown>) {
        // Images uploaded in the form editor, each width and format a row of its own, in the
        // database so that every server process serves them. The name holds the content's hash.
        await db.schema
          .createTable('form_images')
          .addColumn('name', 'varchar(100)', (column) => column.primaryKey())
          .addColumn('content_type', 'varchar(32)', (column) =>
            column.notNull(),
          )
          .addColumn(
            'bytes',
            engine === 'postgres' ? 'bytea' : 'blob',
            (column) => column.notNull(),
          )
          .addColumn('created_at', 'varchar(24)', (column) => column.notNull())
          .execute();
      },
    },
    '025-insight-rollups': {
      async up(db: Kysely<unknown>) {
        // A rollup row is its primary key (and a count). On SQLite the table is that key's tree alone
        // (without rowid): every batch of events writes to these tables, and each tree more is more
        // pages to write and sync at each commit.
        const rollup = (table: string) =>
          db.schema
            .createTable(table)
            .addColumn('day', 'varchar(10)', (column) => column.notNull())
            .addColumn('source', 'varchar(253)', (column) => column.notNull())
            .$call((builder) =>
              engine === 'sqlite'
                ? builder.modifyEnd(sql`without rowid`)
                : builder,
            );
        // The distinct visits of each day, source, kind, step and refused answer, kept at ingestion:
        // the Insights counts read these few rows, not every event of the period. Not null
        // everywhere ('' for no campaign or answer, -1 for no step), so the key can be the primary key.
        await rollup('insight_counts')
          .addColumn('medium', 'varchar(100)', (column) => column.notNull())
          .addColumn('campaign', 'varchar(100)', (column) => column.notNull())
          .addColumn('kind', 'varchar(9)', (column) => column.notNull())
          .addColumn('step', 'integer', (column) => column.notNull())
          .addColumn('path', 'varchar(200)', (column) => column.notNull())
          .addColumn('visits', 'integer', (column) => column.notNull())
          .addPrimaryKeyConstraint('insight_counts_key', [
            'day',
            'source',
            'medium',
            'campaign',
            'kind',
            'step',
            'path',
          ])
          .execute();
        // Each visit's time from reaching a step to reaching the next, once (a visit's pair of steps
        // has one time), in the order the median reads them: by step and time, then the period.
        await rollup('insight_step_times')
          .addColumn('step', 'integer', (column) => column.notNull())
          .addColumn('ms', 'integer', (column) => column.notNull())
          .addColumn('visit_id', 'varchar(36)', (column) => column.notNull())
          .addPrimaryKeyConstraint('insight_step_times_key', [
            'step',
            'ms',
            'day',
            'source',
            'visit_id',
          ])
          .execute();
        // Those times counted per bucket: where a period's median lies, without reading the times.
        await rollup('insight_step_time_counts')
          .addColumn('step', 'integer', (column) => column.notNull())
          .addColumn('bucket', 'integer', (column) => column.notNull())
          .addColumn('visits', 'integer', (column) => column.notNull())
          .addPrimaryKeyConstraint('insight_step_time_counts_key', [
            'day',
            'source',
            'step',
            'bucket',
          ])
          .execute();
        await fillRollupsByPlace(db);
        // Nothing counts the events themselves any more: the purge reads them by day.
        await db.schema.dropIndex('insight_events_kind_day').execute();
        await db.schema
          .createIndex('insight_events_day')
          .on('insight_events')
          .column('day')
          .execute();
      },
    },
    '026-applications-source-index': {
      async up(db: Kysely<unknown>) {
        // The inbox's Source filter, newest first: meant for 022, whose statement was never run.
        await db.schema
          .createIndex('applications_source')
          .ifNotExists()
          .on('applications')
          .columns(['source', 'received_at'])
          .execute();
      },
    },
    '027-calls': {
      async up(db: Kysely<unknown>) {
        // A call: a trip, a season, a market, each with its own form. Its status follows from its
        // dates by the server's clock, so nothing has to run at opening or closing.
        await db.schema
          .createTable('calls')
          .addColumn('slug', 'varchar(64)', (column) => column.primaryKey())
          .addColumn('title', 'varchar(120)', (column) => column.notNull())
          .addColumn('summary', 'varchar(600)', (column) =>
            column.notNull().defaultTo(''),
          )
          .addColumn('opens_at', 'varchar(24)')
          .addColumn('closes_at', 'varchar(24)')
          .addColumn('places', 'integer')
          .addColumn('eligibility', 'text')
          .addColumn('archived', 'integer', (column) =>
            column.notNull().defaultTo(0),
          )
          .addColumn('is_default', 'integer', (column) =>
            column.notNull().defaultTo(0),
          )
          .addColumn('created_at', 'varchar(24)', (column) => column.notNull())
          .addColumn('updated_at', 'varchar(24)', (column) => column.notNull())
          .execute();
        // At most one default call: `/` serves it.
        await db.schema
          .createIndex('calls_one_default')
          .on('calls')
          .column('is_default')
          .unique()
          .where(sql.ref('is_default'), '=', 1)
          .execute();

        // Each call's versions are numbered from 1; the pair is the key, so two admins publishing
        // from the same base cannot both win. The one form before calls becomes the default call's.
        await db.schema
          .alterTable('form_versions')
          .renameTo('form_versions_before_calls')
          .execute();
        await db.schema
          .createTable('form_versions')
          .addColumn('call_slug', 'varchar(64)', (column) => column.notNull())
          .addColumn('number', 'integer', (column) => column.notNull())
          .addColumn('config', 'text', (column) => column.notNull())
          .addColumn('config_hash', 'varchar(64)', (column) => column.notNull())
          .addColumn('published_at', 'varchar(24)', (column) =>
            column.notNull(),
          )
          .addColumn('published_by', 'varchar(320)')
          .addColumn('summary', 'varchar(400)', (column) => column.notNull())
          .addPrimaryKeyConstraint('form_versions_key', ['call_slug', 'number'])
          .execute();
        await db.schema
          .alterTable('form_draft')
          .renameTo('form_draft_before_calls')
          .execute();
        await db.schema
          .createTable('form_draft')
          .addColumn('call_slug', 'varchar(64)', (column) =>
            column.primaryKey(),
          )
          .addColumn('config', 'text', (column) => column.notNull())
          .addColumn('base_version', 'integer', (column) => column.notNull())
          .addColumn('saved_at', 'varchar(24)', (column) => column.notNull())
          .addColumn('saved_by', 'varchar(320)')
          .execute();

        for (const column of ['call_slug', 'eligibility'] as const)
          await db.schema
            .alterTable('applications')
            .addColumn(column, column === 'call_slug' ? 'varchar(64)' : 'text')
            .execute();
        for (const column of ['eligible', 'late'] as const)
          await db.schema
            .alterTable('applications')
            .addColumn(column, 'integer', (each) =>
              each.notNull().defaultTo(column === 'eligible' ? 1 : 0),
            )
            .execute();
        await db.schema
          .createIndex('applications_call')
          .on('applications')
          .columns(['call_slug', 'received_at', 'id'])
          .execute();

        const newest = await sql<{ config: string; published_at: string }>`
          select config, published_at from form_versions_before_calls
          order by number desc limit 1`.execute(db);
        const [row] = newest.rows;
        if (row) {
          const config = JSON.parse(row.config) as {
            pageId: string;
            title: string;
          };
          const slug = config.pageId;
          await sql`
            insert into calls (slug, title, summary, is_default, created_at, updated_at)
            values (${slug}, ${config.title.slice(0, 120)}, '', 1, ${row.published_at}, ${row.published_at})`.execute(
            db,
          );
          await sql`
            insert into form_versions
              (call_slug, number, config, config_hash, published_at, published_by, summary)
            select ${slug}, number, config, config_hash, published_at, published_by, summary
            from form_versions_before_calls`.execute(db);
          await sql`
            insert into form_draft (call_slug, config, base_version, saved_at, saved_by)
            select ${slug}, config, base_version, saved_at, saved_by
            from form_draft_before_calls`.execute(db);
          await sql`update applications set call_slug = ${slug}`.execute(db);
        }
        await db.schema.dropTable('form_versions_before_calls').execute();
        await db.schema.dropTable('form_draft_before_calls').execute();
      },
    },
    '028-insights-by-step': {
      async up(db: Kysely<unknown>) {
        await countInsightsByStep(db, engine);
      },
    },
    '029-applicant-page': { up: addApplicantPage },
    '030-bot-check': { up: addBotCheckUses },
    '031-languages': { up: addLanguages },
    '032-attribution': { up: (db) => addAttribution(db, engine) },
    '033-search': { up: (db) => addSearch(db, engine) },
    '034-bulk-jobs': { up: addBulkJobs },
    '037-verified-reach': { up: (db) => addReach(db, engine) },
    '038-firsts-of-each-person': {
      async up(db: Kysely<unknown>) {
        // Storing an application looks up its person's first one: through the person's index a
        // person who applied a thousand times would be a thousand rows read on every submission.
        await db.schema
          .createIndex('applications_first_of_person')
          .on('applications')
          .columns(['email_key', 'call_slug'])
          .where(sql.ref('duplicate_of'), 'is', null)
          .execute();
      },
    },
    '039-inbox-counts-and-facets': {
      async up(db: Kysely<unknown>) {
        // The counts per stage and what the filters offer are read whenever the inbox opens. From
        // the rows themselves, each read every application's whole row: about 100 ms apiece at
        // 100,000 applications on SQLite. From these indexes they read only the index.
        await db.schema
          .createIndex('applications_first_stages')
          .on('applications')
          .column('stage')
          .where(sql.ref('duplicate_of'), 'is', null)
          .execute();
        // On SQLite the platforms lead: one value per application, so no filter's equality seeks
        // by this index, and a filtered list keeps walking its sort's index (led by the country,
        // SQLite read every application of the country to sort them: 73 ms for a third of 100,000).
        // PostgreSQL refuses an index entry over 2,704 bytes, which six platforms with long handles
        // in other scripts could pass: there the platforms are read from the rows.
        await db.schema
          .createIndex('applications_facets')
          .on('applications')
          .columns(
            engine === 'sqlite'
              ? ['platforms', 'country_code', 'language']
              : ['country_code', 'language'],
          )
          .execute();
      },
    },
    '040-vote-counts': { up: (db) => addVoteCounts(db, engine) },
    '041-search-keys': { up: (db) => addSearchKeys(db, engine) },
    '042-inbox-filter-indexes': {
      up: (db) => addInboxFilterIndexes(db, engine),
    },
    '043-facet-indexes': { up: (db) => addFacetIndexes(db, engine) },
    '044-readable-answers': {
      async up(db: Kysely<unknown>) {
        // Those stored before have none until the server fills them in: readable-answers-fill.ts.
        await db.schema
          .alterTable('applications')
          .addColumn('readable_answers', 'text')
          .execute();
      },
    },
  };
}
