import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../db/database.ts';
import type { StaffRole } from '#review-api/staff.ts';
import { isEmailAddress } from '#engine/validators.ts';
import {
  insertAccount,
  newAccountRow,
  normalEmail,
  StaffAccountError,
  type StaffAccount,
} from './staff-accounts.ts';

/** How long an invitation link works. */
export const invitationLifetimeMs = 72 * 60 * 60 * 1000;

export type PendingInvitation = {
  id: string;
  email: string;
  role: StaffRole;
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
};

const pendingColumns = [
  'id',
  'email',
  'role',
  'invited_by',
  'created_at',
  'expires_at',
] as const;

const toPending = (row: {
  id: string;
  email: string;
  role: StaffRole;
  invited_by: string;
  created_at: string;
  expires_at: string;
}): PendingInvitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  invitedBy: row.invited_by,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
});

const hashOf = (token: string) =>
  createHash('sha256').update(token).digest('hex');

/**
 * Invitations to the workspace: an admin names an address and a role, the invited person sets their
 * own password through a link that works once, for 72 hours. Only the token's SHA-256 is stored, so
 * a copy of the database opens no account.
 */
export function createStaffInvitations(
  database: Database,
  now: () => Date = () => new Date(),
) {
  const { db } = database;
  const stillOpen = () => {
    const at = now().toISOString();
    return db
      .selectFrom('staff_invitations')
      .where('used_at', 'is', null)
      .where('expires_at', '>', at);
  };

  /** The invitation a token opens, while it is unused and unexpired. */
  async function find(token: string): Promise<PendingInvitation | undefined> {
    const row = await stillOpen()
      .select(pendingColumns)
      .where('token_hash', '=', hashOf(token))
      .executeTakeFirst();
    return row && toPending(row);
  }

  return {
    /** A new invitation; an earlier one to the same address stops working. */
    async invite(input: {
      email: string;
      role: StaffRole;
      invitedBy: string;
    }): Promise<{ token: string; invitation: PendingInvitation }> {
      const email = normalEmail(input.email);
      if (!isEmailAddress(email))
        throw new StaffAccountError(
          `"${input.email}" is not an e-mail address.`,
        );
      const token = randomBytes(32).toString('base64url');
      const createdAt = now();
      const invitation: PendingInvitation = {
        id: randomUUID(),
        email,
        role: input.role,
        invitedBy: input.invitedBy,
        createdAt: createdAt.toISOString(),
        expiresAt: new Date(
          createdAt.getTime() + invitationLifetimeMs,
        ).toISOString(),
      };
      await db.transaction().execute(async (transaction) => {
        const account = await transaction
          .selectFrom('staff_accounts')
          .select('id')
          .where('email', '=', email)
          .executeTakeFirst();
        if (account)
          throw new StaffAccountError(`${email} already has an account.`);
        await transaction
          .deleteFrom('staff_invitations')
          .where('email', '=', email)
          .where('used_at', 'is', null)
          .execute();
        await transaction
          .insertInto('staff_invitations')
          .values({
            id: invitation.id,
            token_hash: hashOf(token),
            email,
            role: invitation.role,
            invited_by: invitation.invitedBy,
            created_at: invitation.createdAt,
            expires_at: invitation.expiresAt,
            used_at: null,
          })
          .execute();
      });
      return { token, invitation };
    },

    find,

    /** Invitations not yet taken up or expired, newest first. */
    async pending(): Promise<PendingInvitation[]> {
      const rows = await stillOpen()
        .select(pendingColumns)
        .orderBy('created_at', 'desc')
        .execute();
      return rows.map(toPending);
    },

    /** Withdraws an invitation before it is used; undefined when there was none open. */
    async revoke(id: string): Promise<PendingInvitation | undefined> {
      const row = await stillOpen()
        .select(pendingColumns)
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      await db.deleteFrom('staff_invitations').where('id', '=', id).execute();
      return toPending(row);
    },

    /**
     * Makes the invited account with the person's own password, and uses the invitation up, in one
     * transaction: two tabs opening the same link make one account. Undefined when the link no
     * longer works; a password too short throws before anything is used.
     */
    async accept(
      token: string,
      password: string,
    ): Promise<StaffAccount | undefined> {
      const invitation = await find(token);
      if (!invitation) return undefined;
      const row = await newAccountRow({
        email: invitation.email,
        role: invitation.role,
        password,
      });
      return db.transaction().execute(async (transaction) => {
        const used = await transaction
          .updateTable('staff_invitations')
          .set({ used_at: now().toISOString() })
          .where('id', '=', invitation.id)
          .where('used_at', 'is', null)
          .where('expires_at', '>', now().toISOString())
          .executeTakeFirst();
        if (Number(used.numUpdatedRows) !== 1) return undefined;
        await insertAccount(transaction, row);
        return {
          id: row.id,
          email: row.email,
          role: row.role,
          createdAt: row.created_at,
          lastSignInAt: null,
        };
      });
    },
  };
}

export type StaffInvitations = ReturnType<typeof createStaffInvitations>;
