import type { Database } from '../db/database.ts';
import { applicantStatusOf } from '#engine/applicant-status.ts';
import { myApplications, type TextsOf } from './my-applications.ts';

const parsed = (value: string | Record<string, unknown>) =>
  typeof value === 'string' ? (JSON.parse(value) as unknown) : value;

/**
 * Everything stored about one person (one e-mail key), as the file they download from their own
 * page: each application with its answers and its path through the stages, their saved drafts,
 * the e-mails sent to them, and the sign-in links they asked for.
 *
 * Left out: who on the team moved an application, and the team's notes, votes and tags. They are
 * the team's work about the application, not data the applicant gave, and the team's exports are
 * where they are read (see decision 016); the applicant's own page shows a decision only once they
 * have been told it, so each move's stage here is the status they may know, not the team's
 * undisclosed decision.
 */
export async function applicantExport(
  database: Database,
  emailKey: string,
  textsOf: TextsOf,
  at: Date,
) {
  const { db } = database;
  const applications = await myApplications(database, emailKey, textsOf);
  const ids = applications.map((application) => application.id);
  const addresses = [
    ...new Set(applications.map((application) => application.email)),
  ];
  const [stored, moves, drafts, emails, links] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .selectFrom('applications')
          .select(['id', 'payload', 'hidden', 'click_id', 'told_stage'])
          .where('id', 'in', ids)
          .execute(),
    ids.length === 0
      ? []
      : db
          .selectFrom('stage_moves')
          .select(['application_id', 'at', 'to_stage'])
          .where('application_id', 'in', ids)
          .orderBy('at')
          .orderBy('id')
          .execute(),
    db
      .selectFrom('application_drafts')
      .select(['page_id', 'step', 'answers', 'created_at', 'expires_at'])
      .where('email_key', '=', emailKey)
      .orderBy('created_at')
      .execute(),
    addresses.length === 0
      ? []
      : db
          .selectFrom('outbox')
          .select(['recipient', 'content', 'purpose', 'status', 'sent_at'])
          .where('channel', '=', 'email')
          .where('recipient', 'in', addresses)
          .orderBy('created_at')
          .execute(),
    db
      .selectFrom('applicant_links')
      .select(['created_at', 'expires_at', 'used_at'])
      .where('email_key', '=', emailKey)
      .orderBy('created_at')
      .execute(),
  ]);
  const byId = new Map(stored.map((row) => [row.id, row]));
  return {
    exportedAt: at.toISOString(),
    email: applications[0]?.email ?? emailKey,
    applications: applications.map((application) => {
      const row = byId.get(application.id);
      const toldStage = row?.told_stage ?? null;
      return {
        id: application.id,
        call: application.call,
        receivedAt: application.receivedAt,
        status: application.status,
        statusText: application.statusText,
        answers: row ? parsed(row.payload) : null,
        // What the address it was sent from carried: a partner's `ref`, an ad click.
        hidden: row?.hidden ? parsed(row.hidden) : {},
        clickId: row?.click_id ?? null,
        history: [
          { at: application.receivedAt, status: 'received' },
          ...moves
            .filter((move) => move.application_id === application.id)
            .map((move) => ({
              at: move.at,
              status: applicantStatusOf(move.to_stage, toldStage),
            })),
        ],
      };
    }),
    drafts: drafts.map((draft) => ({
      pageId: draft.page_id,
      step: draft.step,
      answers: parsed(draft.answers),
      savedAt: draft.created_at,
      expiresAt: draft.expires_at,
    })),
    emails: emails.map((email) => ({
      to: email.recipient,
      subject:
        (parsed(email.content) as { subject?: string | null }).subject ?? null,
      status: email.status,
      sentAt: email.sent_at,
    })),
    signInLinks: links.map((link) => ({
      askedAt: link.created_at,
      expiresAt: link.expires_at,
      usedAt: link.used_at,
    })),
  };
}
