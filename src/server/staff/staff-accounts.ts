import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { DatabaseSchema } from '../db/tables.ts';
import type { StaffNotify } from '../db/staff-tables.ts';
import { isEmailAddress } from '#engine/validators.ts';
import { staffRoleSchema, type StaffRole } from '#review-api/staff.ts';
import { hashPassword, minimumPasswordLength } from './passwords.ts';

export const staffRoles: readonly StaffRole[] = staffRoleSchema.options;

export type StaffAccount = {
  id: string;
  email: string;
  role: StaffRole;
  createdAt: string;
  lastSignInAt: string | null;
};

export class StaffAccountError extends Error {}

export const normalEmail = (email: string) => email.trim().toLowerCase();

function checkPassword(password: string): void {
  if ([...password].length < minimumPasswordLength)
    throw new StaffAccountError(
      `The password must be at least ${minimumPasswordLength} characters.`,
    );
}

type NewAccount = { email: string; role: StaffRole; password: string };

/** A new account's row: the address checked and lower-cased, the password checked and hashed. */
export async function newAccountRow(input: NewAccount) {
  const email = normalEmail(input.email);
  if (!isEmailAddress(email))
    throw new StaffAccountError(`"${input.email}" is not an e-mail address.`);
  checkPassword(input.password);
  return {
    id: randomUUID(),
    email,
    role: input.role,
    password_hash: await hashPassword(input.password),
    created_at: new Date().toISOString(),
    last_sign_in_at: null,
  };
}

/** Stores a new account, within the caller's transaction when there is one. */
export async function insertAccount(
  db: Kysely<DatabaseSchema>,
  row: Awaited<ReturnType<typeof newAccountRow>>,
): Promise<void> {
  const existing = await db
    .selectFrom('staff_accounts')
    .select('id')
    .where('email', '=', row.email)
    .executeTakeFirst();
  if (existing)
    throw new StaffAccountError(`${row.email} already has an account.`);
  await db.insertInto('staff_accounts').values(row).execute();
}

/** Staff accounts: made and removed from the command line or by an admin, never by sign-up. */
export function createStaffAccounts(database: Database) {
  const { db } = database;
  const toAccount = (row: {
    id: string;
    email: string;
    role: StaffRole;
    created_at: string;
    last_sign_in_at: string | null;
  }): StaffAccount => ({
    id: row.id,
    email: row.email,
    role: row.role,
    createdAt: row.created_at,
    lastSignInAt: row.last_sign_in_at,
  });
  const columns = [
    'id',
    'email',
    'role',
    'created_at',
    'last_sign_in_at',
  ] as const;

  return {
    async add(input: NewAccount): Promise<StaffAccount> {
      const row = await newAccountRow(input);
      await insertAccount(db, row);
      return toAccount(row);
    },

    async list(): Promise<StaffAccount[]> {
      const rows = await db
        .selectFrom('staff_accounts')
        .select(columns)
        .orderBy('email')
        .execute();
      return rows.map(toAccount);
    },

    async findByEmail(
      email: string,
    ): Promise<(StaffAccount & { passwordHash: string }) | undefined> {
      const row = await db
        .selectFrom('staff_accounts')
        .select([...columns, 'password_hash'])
        .where('email', '=', normalEmail(email))
        .executeTakeFirst();
      return row && { ...toAccount(row), passwordHash: row.password_hash };
    },

    /** Removes the account; its sessions go with it (foreign key, cascade). */
    async remove(email: string): Promise<boolean> {
      const result = await db
        .deleteFrom('staff_accounts')
        .where('email', '=', normalEmail(email))
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /**
     * Changes an account's role, or removes the account (its sessions and votes go with it), in a
     * transaction that keeps at least one admin: the workspace must never lose the last one.
     */
    async change(
      id: string,
      change: { role: StaffRole } | 'remove',
    ): Promise<StaffAccount | undefined> {
      return db.transaction().execute(async (transaction) => {
        const row = await transaction
          .selectFrom('staff_accounts')
          .select(columns)
          .where('id', '=', id)
          .executeTakeFirst();
        if (!row) return undefined;
        const losesAdmin =
          row.role === 'admin' &&
          (change === 'remove' || change.role !== 'admin');
        if (losesAdmin) {
          const admins = await transaction
            .selectFrom('staff_accounts')
            .select((eb) => eb.fn.countAll<string | number>().as('count'))
            .where('role', '=', 'admin')
            .executeTakeFirst();
          if (Number(admins?.count ?? 0) <= 1)
            throw new StaffAccountError(
              'The workspace needs at least one admin: make another admin first.',
            );
        }
        if (change === 'remove')
          await transaction
            .deleteFrom('staff_accounts')
            .where('id', '=', id)
            .execute();
        else
          await transaction
            .updateTable('staff_accounts')
            .set({ role: change.role })
            .where('id', '=', id)
            .execute();
        return toAccount(
          change === 'remove' ? row : { ...row, role: change.role },
        );
      });
    },

    /** How the account hears of new applications; undefined when there is no such account. */
    async notifyOf(id: string): Promise<StaffNotify | undefined> {
      const row = await db
        .selectFrom('staff_accounts')
        .select('notify')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.notify;
    },

    async setNotify(id: string, notify: StaffNotify): Promise<void> {
      await db
        .updateTable('staff_accounts')
        .set({ notify })
        .where('id', '=', id)
        .execute();
    },

    /** Sets a new password and ends every session of the account. */
    async setPassword(email: string, password: string): Promise<boolean> {
      checkPassword(password);
      const passwordHash = await hashPassword(password);
      return db.transaction().execute(async (transaction) => {
        const account = await transaction
          .selectFrom('staff_accounts')
          .select('id')
          .where('email', '=', normalEmail(email))
          .executeTakeFirst();
        if (!account) return false;
        await transaction
          .updateTable('staff_accounts')
          .set({ password_hash: passwordHash })
          .where('id', '=', account.id)
          .execute();
        await transaction
          .deleteFrom('staff_sessions')
          .where('staff_id', '=', account.id)
          .execute();
        return true;
      });
    },
  };
}

export type StaffAccounts = ReturnType<typeof createStaffAccounts>;
