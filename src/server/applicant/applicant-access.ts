import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { DatabaseSchema } from '../db/tables.ts';

/** A sign-in link works this long after it was asked for. */
const linkLifetimeMs = 30 * 60 * 1000;
/** An applicant session lasts this long from its sign-in, however busy. */
export const sessionLifetimeMs = 24 * 60 * 60 * 1000;
/** The window in which links asked for one person are counted. */
const linkWindowMs = 60 * 60 * 1000;
/** Links asked for one person in that window; beyond it nothing more is sent. */
export const linksPerWindow = 5;

/** 256 random bits: nobody guesses a link or a session. */
const newToken = () => randomBytes(32).toString('base64url');

/** Only this is stored of a token, so a copy of the database signs nobody in. */
export const tokenHashOf = (token: string) =>
  createHash('sha256').update(token).digest('hex');

const later = (at: Date, ms: number) =>
  new Date(at.getTime() + ms).toISOString();

/** Single-use sign-in links and the sessions they start, kept by their tokens' hashes. */
export function createApplicantAccess(database: Database, now: () => Date) {
  const { db } = database;
  return {
    /**
     * Records a new link for the person, inside the caller's transaction, and says how many were
     * asked for them in the window before it (this one not counted).
     */
    async addLink(
      transaction: Kysely<DatabaseSchema>,
      emailKey: string,
    ): Promise<{ token: string; earlier: number }> {
      const at = now();
      const { count } = await transaction
        .selectFrom('applicant_links')
        .select((select) => select.fn.countAll<number | string>().as('count'))
        .where('email_key', '=', emailKey)
        .where('created_at', '>', later(at, -linkWindowMs))
        .executeTakeFirstOrThrow();
      const token = newToken();
      await transaction
        .insertInto('applicant_links')
        .values({
          token_hash: tokenHashOf(token),
          email_key: emailKey,
          created_at: at.toISOString(),
          expires_at: later(at, linkLifetimeMs),
          used_at: null,
        })
        .execute();
      return { token, earlier: Number(count) };
    },

    /**
     * Uses a link and starts a session with it; undefined when the link is unknown, used or
     * expired. The statement that checks the link also marks it used, so of two uses at once
     * exactly one succeeds.
     */
    async startSession(linkToken: string): Promise<string | undefined> {
      const at = now();
      return db.transaction().execute(async (transaction) => {
        const link = await transaction
          .updateTable('applicant_links')
          .set({ used_at: at.toISOString() })
          .where('token_hash', '=', tokenHashOf(linkToken))
          .where('used_at', 'is', null)
          .where('expires_at', '>', at.toISOString())
          .returning('email_key')
          .executeTakeFirst();
        if (!link) return undefined;
        const token = newToken();
        await transaction
          .insertInto('applicant_sessions')
          .values({
            token_hash: tokenHashOf(token),
            email_key: link.email_key,
            created_at: at.toISOString(),
            expires_at: later(at, sessionLifetimeMs),
          })
          .execute();
        return token;
      });
    },

    /** The e-mail key a session token stands for while it lasts. */
    async personOf(token: string): Promise<string | undefined> {
      const session = await db
        .selectFrom('applicant_sessions')
        .select('email_key')
        .where('token_hash', '=', tokenHashOf(token))
        .where('expires_at', '>', now().toISOString())
        .executeTakeFirst();
      return session?.email_key;
    },

    async endSession(token: string): Promise<void> {
      await db
        .deleteFrom('applicant_sessions')
        .where('token_hash', '=', tokenHashOf(token))
        .execute();
    },
  };
}

/**
 * Deletes sessions that have ended and links past both their life and the window they are
 * counted in; returns how many of each went.
 */
export async function deleteExpiredAccess(
  database: Database,
  at: Date,
): Promise<{ links: number; sessions: number }> {
  const { db } = database;
  const links = await db
    .deleteFrom('applicant_links')
    .where(
      'created_at',
      '<',
      later(at, -Math.max(linkWindowMs, linkLifetimeMs)),
    )
    .executeTakeFirst();
  const sessions = await db
    .deleteFrom('applicant_sessions')
    .where('expires_at', '<', at.toISOString())
    .executeTakeFirst();
  return {
    links: Number(links.numDeletedRows),
    sessions: Number(sessions.numDeletedRows),
  };
}
