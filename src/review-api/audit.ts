import * as z from 'zod/mini';
import { countParameter, instantSchema } from './common.ts';
import { endpoint } from './endpoint.ts';

export const auditActions = [
  'sign_in',
  'sign_in_failed',
  'sign_out',
  'stage_moved',
  'stages_moved',
  'exported',
  'erased',
  'staff_added',
  'staff_removed',
  'staff_invited',
  'invitation_revoked',
  'role_changed',
  'message_sent',
  'message_retried',
  'password_changed',
  'two_step_on',
  'two_step_off',
  'two_step_reset',
  'two_step_required',
  'two_step_not_required',
  'passkey_added',
  'passkey_removed',
  'unsubscribed',
  'resubscribed',
  'applications_erased',
  'retention_erased',
  'form_published',
  'form_restored',
  'call_created',
  'call_changed',
  'decision_told',
] as const;

export type AuditAction = (typeof auditActions)[number];

/** Each action as people read it, in the workspace and in the log's CSV. */
export const auditActionLabels: Record<AuditAction, string> = {
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in',
  sign_out: 'Signed out',
  stage_moved: 'Moved an application',
  stages_moved: 'Moved applications',
  exported: 'Exported',
  erased: 'Erased an application',
  staff_added: 'Added a staff account',
  staff_removed: 'Removed a staff account',
  staff_invited: 'Invited someone',
  invitation_revoked: 'Revoked an invitation',
  role_changed: 'Changed a role',
  message_sent: 'Sent an e-mail',
  message_retried: 'Retried a message',
  password_changed: 'Changed a password',
  two_step_on: 'Turned two-step sign-in on',
  two_step_off: 'Turned two-step sign-in off',
  two_step_reset: 'Reset two-step sign-in',
  two_step_required: 'Required two-step sign-in',
  two_step_not_required: 'Stopped requiring two-step sign-in',
  passkey_added: 'Added a passkey',
  passkey_removed: 'Removed a passkey',
  unsubscribed: 'Turned e-mails off by a link',
  resubscribed: 'Turned e-mails on by a link',
  applications_erased: 'Erased applications',
  retention_erased: 'Erased what was due (retention)',
  form_published: 'Published the form',
  form_restored: 'Restored a form version',
  call_created: 'Made a call',
  call_changed: 'Changed a call',
  decision_told: 'Marked a decision as told',
};

/** Which entries to read: by whom, what, and when (the instants the viewer's days begin). */
const auditFiltersShape = {
  actor: z.optional(z.string().check(z.maxLength(320))),
  action: z.optional(z.enum(auditActions)),
  /** At or after this instant. */
  from: z.optional(instantSchema),
  /** Before this instant. */
  to: z.optional(instantSchema),
};

const auditFiltersSchema = z.strictObject(auditFiltersShape);

export type AuditFilters = z.output<typeof auditFiltersSchema>;
export type AuditFiltersQuery = z.input<typeof auditFiltersSchema>;

const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.nullable(z.string()),
  action: z.enum(auditActions),
  /** What it was about: an application's id, a staff member's address, a message's id. */
  subject: z.nullable(z.string()),
  address: z.nullable(z.string()),
  detail: z.nullable(z.string()),
  /** How many applications a bulk action took. */
  count: z.nullable(z.number()),
  /** The application it was about, while it is still there. */
  application: z.nullable(z.object({ id: z.string(), name: z.string() })),
});

export type AuditEntry = z.output<typeof auditEntrySchema>;

/** The audit log newest first, a page at a time (keyset: it stays fast however long the log). */
export const readAudit = endpoint({
  method: 'GET',
  path: '/api/review/audit',
  query: z.strictObject({
    ...auditFiltersShape,
    cursor: z.optional(z.string().check(z.maxLength(200))),
    limit: z.optional(countParameter(1, 500)),
  }),
  responses: {
    200: z.object({
      entries: z.array(auditEntrySchema),
      nextCursor: z.nullable(z.string()),
    }),
  },
});

export type AuditPage = z.output<(typeof readAudit.responses)[200]>;

/** Every entry the filters select, as CSV. */
export const exportAudit = endpoint({
  method: 'GET',
  path: '/api/review/audit.csv',
  query: auditFiltersSchema,
});

/** Who occurs in the log, for its filter. */
export const auditActors = endpoint({
  method: 'GET',
  path: '/api/review/audit/actors',
  responses: { 200: z.object({ actors: z.array(z.string()) }) },
});
