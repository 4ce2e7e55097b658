import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.ts';

export type AuditAction =
  | 'sign_in'
  | 'sign_in_failed'
  | 'sign_out'
  | 'stage_moved'
  | 'exported'
  | 'erased'
  | 'staff_added'
  | 'staff_removed'
  | 'staff_invited'
  | 'invitation_revoked'
  | 'role_changed'
  | 'message_sent'
  | 'message_retried'
  | 'password_changed'
  | 'two_step_on'
  | 'two_step_off'
  | 'two_step_reset'
  | 'two_step_required'
  | 'two_step_not_required'
  | 'passkey_added'
  | 'passkey_removed';

export type AuditEntry = {
  id: string;
  at: string;
  actor: string | null;
  action: AuditAction;
  subject: string | null;
  address: string | null;
  detail: string | null;
};

type NewAuditEntry = Omit<AuditEntry, 'id' | 'at' | 'detail'> & {
  detail?: string;
};

/** Who did what, when, from which address; never an applicant's answers. */
export function createAuditLog(database: Database) {
  const { db } = database;
  /** Several entries in one statement per 500, for a bulk action. */
  async function recordMany(entries: readonly NewAuditEntry[]): Promise<void> {
    const at = new Date().toISOString();
    for (let start = 0; start < entries.length; start += 500)
      await db
        .insertInto('audit_log')
        .values(
          entries.slice(start, start + 500).map((entry) => ({
            id: randomUUID(),
            at,
            actor: entry.actor,
            action: entry.action,
            subject: entry.subject,
            address: entry.address,
            detail: entry.detail ?? null,
          })),
        )
        .execute();
  }

  return {
    recordMany,

    async record(entry: NewAuditEntry): Promise<void> {
      await recordMany([entry]);
    },

    /** The newest entries first. */
    async latest(limit: number): Promise<AuditEntry[]> {
      const rows = await db
        .selectFrom('audit_log')
        .selectAll()
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows as AuditEntry[];
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
