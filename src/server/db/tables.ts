import type { Generated } from 'kysely';
import type { Stage } from '#engine/stages.ts';
import type {
  InsightCountsTable,
  InsightEventsTable,
  InsightStepTimeCountsTable,
  InsightStepTimesTable,
  InsightVisitsTable,
} from './insight-tables.ts';
import type {
  AuditLogTable,
  SignInFailuresTable,
  StaffAccountsTable,
  StaffInvitationsTable,
  StaffPasskeyChallengesTable,
  StaffPasskeysTable,
  StaffPendingSignInsTable,
  StaffRecoveryCodesTable,
  StaffSessionsTable,
  StaffTwoStepTable,
} from './staff-tables.ts';

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
  /** Up votes minus down votes of the staff, kept by triggers on `votes`. */
  net_votes: Generated<number>;
  /** The sum of the platforms' own counts, where a platform gave one (see `reach-queue.ts`); null while none did. */
  verified_reach: number | string | null;
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
  /** JSON: the values of the form's hidden fields it came with, by name (`{"ref": "…"}`); null without any. */
  hidden: Generated<string | Record<string, string> | null>;
  /** The ad click that brought it, `gclid=…` (see `clickIdOf`); null without one. */
  click_id: Generated<string | null>;
  /** JSON: its answers as an export writes them, described when it was stored (`readable-answers.ts`); null for those stored before. */
  readable_answers: Generated<string | null>;
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

/** A bulk move of every application in a view, worked a chunk at a time. */
type BulkJobsTable = {
  id: string;
  actor: string;
  address: string | null;
  stage: Stage;
  /** The inbox view's stage and filters, as JSON. */
  view: string;
  total: number;
  done: Generated<number>;
  moved: Generated<number>;
  withdrawn: Generated<number>;
  /** The calls of the applications moved so far, as a JSON array. */
  calls: Generated<string>;
  /** The last application the job has been through, in the order received. */
  after_received_at: string | null;
  after_id: string | null;
  state: 'running' | 'done' | 'failed';
  error: string | null;
  /** Also where the view ends: applications received later were not counted when it began. */
  started_at: string;
  updated_at: string;
};

type TagsTable = {
  application_id: string;
  /** Lower case, 1 to 40 characters. */
  tag: string;
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
  bulk_jobs: BulkJobsTable;
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
