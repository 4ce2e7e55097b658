import type { Texts } from '#engine/texts.ts';
import type { MyApplication } from '#review-api/applicant.ts';
import type { Database } from '../db/database.ts';
import { applicantStatusOf, statusTextOf } from '#engine/applicant-status.ts';

/** The words of a call's form, by the call's slug (the default call's when it has none). */
/** The words of a call's form, in a language it offers (its own without one). */
export type TextsOf = (
  callSlug: string | undefined,
  language?: string | null,
) => Texts;

/**
 * One person's applications as they see them, newest first: every application sent from an
 * address with their e-mail key, a second one to the same call included, since they sent it.
 */
export async function myApplications(
  database: Database,
  emailKey: string,
  textsOf: TextsOf,
  id?: string,
): Promise<Array<MyApplication & { email: string; name: string }>> {
  let query = database.db
    .selectFrom('applications')
    .leftJoin('calls', 'calls.slug', 'applications.call_slug')
    .select([
      'applications.id',
      'applications.email',
      'applications.full_name',
      'applications.received_at',
      'applications.stage',
      'applications.told_stage',
      'applications.call_slug',
      'applications.language',
      'calls.title',
    ])
    .where('applications.email_key', '=', emailKey);
  if (id !== undefined) query = query.where('applications.id', '=', id);
  const rows = await query
    .orderBy('applications.received_at', 'desc')
    .orderBy('applications.id', 'desc')
    .execute();
  return rows.map((row) => {
    const status = applicantStatusOf(row.stage, row.told_stage);
    const slug = row.call_slug ?? '';
    return {
      id: row.id,
      email: row.email,
      name: row.full_name,
      call: { slug, title: row.title ?? slug },
      receivedAt: row.received_at,
      status,
      // In the language the application was written in.
      statusText: statusTextOf(
        status,
        textsOf(row.call_slug ?? undefined, row.language),
      ),
    };
  });
}

/** An application as the applicant's page lists it, without what only the server uses. */
export const listed = ({
  id,
  call,
  receivedAt,
  status,
  statusText,
}: MyApplication): MyApplication => ({
  id,
  call,
  receivedAt,
  status,
  statusText,
});
