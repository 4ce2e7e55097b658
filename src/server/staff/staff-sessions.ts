import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../db/database.ts';
import type { StaffRole } from '#review-api/staff.ts';
import { requireTwoStepSetting } from './two-step.ts';

/** A session ends after 2 hours without a request, and 24 hours after sign-in whatever happens. */
export const idleTimeoutMs = 2 * 60 * 60 * 1000;
export const absoluteLifetimeMs = 24 * 60 * 60 * 1000;
// Writing the last request's time on every request would make each read a write; a minute is
// far below the idle timeout.
const lastSeenPrecisionMs = 60_000;

export type SignedInStaff = {
  id: string;
  email: string;
  role: StaffRole;
  /** False for the automation token, which acts as an admin but is nobody: it cannot vote. */
  isPerson: boolean;
  /**
   * Two-step sign-in is required of everyone and this account has not turned it on: until it does,
   * the session may only do that, or sign out.
   */
  mustEnrol: boolean;
};

const hashOf = (token: string) =>
  createHash('sha256').update(token).digest('hex');

/** Database sessions: the browser holds a 256-bit random token, the database only its SHA-256. */
export function createStaffSessions(
  database: Database,
  now: () => Date = () => new Date(),
) {
  const { db } = database;
  return {
    /** A new token at every sign-in; records the sign-in time on the account. */
    async start(staffId: string): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const at = now().toISOString();
      await db.transaction().execute(async (transaction) => {
        await transaction
          .insertInto('staff_sessions')
          .values({
            token_hash: hashOf(token),
            staff_id: staffId,
            created_at: at,
            last_seen_at: at,
          })
          .execute();
        await transaction
          .updateTable('staff_accounts')
          .set({ last_sign_in_at: at })
          .where('id', '=', staffId)
          .execute();
      });
      return token;
    },

    /** The staff member a token signs in, or undefined when it is unknown, idle too long or too old. */
    async resolve(token: string): Promise<SignedInStaff | undefined> {
      const tokenHash = hashOf(token);
      const row = await db
        .selectFrom('staff_sessions')
        .innerJoin(
          'staff_accounts',
          'staff_accounts.id',
          'staff_sessions.staff_id',
        )
        .select([
          'staff_accounts.id',
          'staff_accounts.email',
          'staff_accounts.role',
          'staff_sessions.created_at',
          'staff_sessions.last_seen_at',
          (eb) =>
            eb
              .exists(
                eb
                  .selectFrom('workspace_settings')
                  .select('name')
                  .where('name', '=', requireTwoStepSetting)
                  .where('value', '=', 'on'),
              )
              .as('is_required'),
          (eb) =>
            eb
              .exists(
                eb
                  .selectFrom('staff_two_step')
                  .select('staff_id')
                  .whereRef('staff_two_step.staff_id', '=', 'staff_accounts.id')
                  .where('turned_on_at', 'is not', null),
              )
              .as('is_on'),
        ])
        .where('staff_sessions.token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row) return undefined;
      const time = now().getTime();
      const lastSeen = Date.parse(row.last_seen_at);
      if (
        time - lastSeen > idleTimeoutMs ||
        time - Date.parse(row.created_at) > absoluteLifetimeMs
      ) {
        await this.end(token);
        return undefined;
      }
      if (time - lastSeen > lastSeenPrecisionMs)
        await db
          .updateTable('staff_sessions')
          .set({ last_seen_at: new Date(time).toISOString() })
          .where('token_hash', '=', tokenHash)
          .execute();
      return {
        id: row.id,
        email: row.email,
        role: row.role,
        isPerson: true,
        // SQLite answers 1 or 0, PostgreSQL true or false.
        mustEnrol: Boolean(row.is_required) && !row.is_on,
      };
    },

    /** Ends every session of an account but the one of `keep`. */
    async endAllOf(staffId: string, keep?: string): Promise<void> {
      await db
        .deleteFrom('staff_sessions')
        .where('staff_id', '=', staffId)
        .$if(keep !== undefined, (query) =>
          query.where('token_hash', '!=', hashOf(keep ?? '')),
        )
        .execute();
    },

    async end(token: string): Promise<void> {
      await db
        .deleteFrom('staff_sessions')
        .where('token_hash', '=', hashOf(token))
        .execute();
    },
  };
}

export type StaffSessions = ReturnType<typeof createStaffSessions>;
