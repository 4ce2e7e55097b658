import { sql, type Kysely } from 'kysely';

/**
 * The e-mail rule as it stood when migration 029 shipped, copied so that the migration always
 * means what it meant: a later change to the live rule comes with a migration of its own.
 */
function emailKeyAt029(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 1) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const untagged = local.split('+')[0];
  if (untagged) local = untagged;
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replaceAll('.', '');
  return `${local}@${domain}`;
}

/** How many applications get their e-mail key in one read and its writes. */
const backfillPage = 1000;

/**
 * The applicant's own page: sign-in links and sessions without a password, saved drafts, one
 * application per person per call, and whether the applicant has been told a decision.
 */
export async function addApplicantPage(db: Kysely<unknown>): Promise<void> {
  for (const [column, type] of [
    ['email_key', 'varchar(320)'],
    ['duplicate_of', 'varchar(36)'],
    ['told_stage', 'varchar(16)'],
  ] as const)
    await db.schema
      .alterTable('applications')
      .addColumn(column, type)
      .execute();

  let after = '';
  for (;;) {
    const { rows } = await sql<{ id: string; email: string }>`
      select id, email from applications where id > ${after}
      order by id limit ${backfillPage}`.execute(db);
    if (rows.length === 0) break;
    for (const row of rows)
      await sql`update applications set email_key = ${emailKeyAt029(row.email)}
        where id = ${row.id}`.execute(db);
    after = rows.at(-1)?.id ?? after;
  }
  await db.schema
    .createIndex('applications_person')
    .on('applications')
    .columns(['email_key', 'call_slug', 'received_at'])
    .execute();
  await db.schema
    .createIndex('applications_duplicate_of')
    .on('applications')
    .column('duplicate_of')
    .execute();

  // Only the SHA-256 of a link's or a session's token is kept: a copy of the database signs nobody in.
  await db.schema
    .createTable('applicant_links')
    .addColumn('token_hash', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('email_key', 'varchar(320)', (column) => column.notNull())
    .addColumn('created_at', 'varchar(24)', (column) => column.notNull())
    .addColumn('expires_at', 'varchar(24)', (column) => column.notNull())
    .addColumn('used_at', 'varchar(24)')
    .execute();
  await db.schema
    .createIndex('applicant_links_person')
    .on('applicant_links')
    .columns(['email_key', 'created_at'])
    .execute();
  await db.schema
    .createTable('applicant_sessions')
    .addColumn('token_hash', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('email_key', 'varchar(320)', (column) => column.notNull())
    .addColumn('created_at', 'varchar(24)', (column) => column.notNull())
    .addColumn('expires_at', 'varchar(24)', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('application_drafts')
    .addColumn('token_hash', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('page_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('email_key', 'varchar(320)', (column) => column.notNull())
    .addColumn('step', 'integer', (column) => column.notNull())
    .addColumn('answers', 'text', (column) => column.notNull())
    .addColumn('created_at', 'varchar(24)', (column) => column.notNull())
    .addColumn('expires_at', 'varchar(24)', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('application_drafts_person')
    .on('application_drafts')
    .columns(['email_key', 'page_id'])
    .execute();
  await db.schema
    .createIndex('application_drafts_expiry')
    .on('application_drafts')
    .column('expires_at')
    .execute();
}
