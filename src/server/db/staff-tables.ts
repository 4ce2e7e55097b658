import type { Generated } from 'kysely';
import type { Notify } from '#review-api/messages.ts';
import type { StaffRole } from '#review-api/staff.ts';

export type StaffAccountsTable = {
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

export type StaffSessionsTable = {
  token_hash: string;
  staff_id: string;
  created_at: string;
  last_seen_at: string;
};

export type AuditLogTable = {
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

export type StaffInvitationsTable = {
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

export type StaffTwoStepTable = {
  staff_id: string;
  /** The RFC 6238 key, base32. */
  secret: string;
  created_at: string;
  turned_on_at: string | null;
  last_step: number | null;
};

export type StaffRecoveryCodesTable = {
  code_hash: string;
  staff_id: string;
  used_at: string | null;
};

export type StaffPendingSignInsTable = {
  token_hash: string;
  staff_id: string;
  created_at: string;
  wrong_codes: Generated<number>;
  /** The challenge a passkey must sign to finish this sign-in, once asked for. */
  challenge: string | null;
};

export type StaffPasskeysTable = {
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

export type StaffPasskeyChallengesTable = {
  staff_id: string;
  challenge: string;
  created_at: string;
};

export type SignInFailuresTable = {
  id: string;
  at: string;
  /** The e-mail address as typed, trimmed and lower-cased; an account need not exist. */
  account: string;
  address: string;
};
