import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { emailKeyOf } from '#engine/email-identity.ts';
import type { StoreHooks } from '../db/application-store.ts';
import type { Database } from '../db/database.ts';
import type { DatabaseSchema } from '../db/tables.ts';
import { sha256Hex } from '../canonical-json.ts';

/** How long a resume link works: long enough to finish after a trip, short enough to be forgotten. */
export const draftLifetimeMs = 30 * 24 * 60 * 60 * 1000;

/** What a resume link brings back: the form (its call's slug), the step, and the answers. */
export type SavedDraft = {
  pageId: string;
  step: number;
  answers: Record<string, unknown>;
};

type Transaction = Kysely<DatabaseSchema>;

/**
 * The answers an applicant saved to finish later, one draft per person (`email_key`) per form.
 * Only the SHA-256 of a draft's token is kept: a copy of the database opens no draft.
 */
export function createDraftStore(
  database: Database,
  now: () => Date = () => new Date(),
) {
  const { db } = database;
  return {
    /**
     * Keeps the draft under a new token in place of any earlier draft of the same person for the
     * same form, and runs `alongside` (the e-mail with the link) in the same transaction: the link
     * is sent exactly when the draft is there.
     */
    async save(
      draft: SavedDraft & { email: string },
      alongside: (transaction: Transaction, token: string) => Promise<void>,
    ): Promise<void> {
      const token = randomBytes(32).toString('base64url');
      const at = now();
      const emailKey = emailKeyOf(draft.email);
      await db.transaction().execute(async (transaction) => {
        await transaction
          .deleteFrom('application_drafts')
          .where('email_key', '=', emailKey)
          .where('page_id', '=', draft.pageId)
          .execute();
        await transaction
          .insertInto('application_drafts')
          .values({
            token_hash: sha256Hex(token),
            page_id: draft.pageId,
            email_key: emailKey,
            step: draft.step,
            answers: JSON.stringify(draft.answers),
            created_at: at.toISOString(),
            expires_at: new Date(at.getTime() + draftLifetimeMs).toISOString(),
          })
          .execute();
        await alongside(transaction, token);
      });
    },

    /** The draft a token opens; null for a token never issued, replaced, erased or expired. */
    async resume(token: string): Promise<SavedDraft | null> {
      const row = await db
        .selectFrom('application_drafts')
        .select(['page_id', 'step', 'answers'])
        .where('token_hash', '=', sha256Hex(token))
        .where('expires_at', '>', now().toISOString())
        .executeTakeFirst();
      if (!row) return null;
      return {
        pageId: row.page_id,
        step: Number(row.step),
        answers: JSON.parse(row.answers) as Record<string, unknown>,
      };
    },
  };
}

export type DraftStore = ReturnType<typeof createDraftStore>;

/** Deletes the drafts whose 30 days are over; returns how many. */
export async function eraseExpiredDrafts(
  database: Database,
  at: Date,
): Promise<number> {
  const result = await database.db
    .deleteFrom('application_drafts')
    .where('expires_at', '<=', at.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The store's hooks, and the erasure of each new application's applicant's draft for its call in
 * the transaction that stores it: the draft is gone exactly when the application is there, and a
 * process that stops in between leaves neither an application with a live draft nor a lost one.
 */
export function withDraftErasure(hooks: StoreHooks): StoreHooks {
  return {
    ...hooks,
    async inTransaction(transaction, created) {
      await hooks.inTransaction?.(transaction, created);
      const people = created.flatMap(({ callSlug, payload }) => {
        const email = payload.personalInfo.emailAddress;
        return typeof email === 'string' && email !== ''
          ? [{ callSlug, emailKey: emailKeyOf(email) }]
          : [];
      });
      if (people.length === 0) return;
      await transaction
        .deleteFrom('application_drafts')
        .where((where) =>
          where.or(
            people.map((person) =>
              where.and([
                where('page_id', '=', person.callSlug),
                where('email_key', '=', person.emailKey),
              ]),
            ),
          ),
        )
        .execute();
    },
  };
}
