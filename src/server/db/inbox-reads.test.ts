import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { expect, test } from 'vitest';
import { scratchDatabase } from '../../../tests/support/databases.ts';
import { inboxFacetsOf } from '../review/inbox-facets.ts';
import type { Database } from './database.ts';
import { countByStage } from './inbox-counts.ts';
import type { DatabaseSchema } from './tables.ts';

test('the counts per stage and what the filters offer read indexes, never every application’s row', async () => {
  const scratch = await scratchDatabase('sqlite');
  await (await scratch.open()).close();
  const connection = new SQLite(scratch.sqlitePath);
  const statements: string[] = [];
  const prepare = connection.prepare.bind(connection);
  connection.prepare = ((source: string) => {
    statements.push(source);
    return prepare(source);
  }) as typeof connection.prepare;
  const database = {
    db: new Kysely<DatabaseSchema>({
      dialect: new SqliteDialect({ database: connection }),
    }),
    engine: 'sqlite',
  } as Database;

  await countByStage(database);
  await inboxFacetsOf(database);
  const plans = statements.map((statement) =>
    prepare(`EXPLAIN QUERY PLAN ${statement}`)
      // Any value does for a plan: SQLite plans before it binds.
      .all(...(statement.match(/\?/g) ?? []).map(() => null))
      .map((row) => (row as { detail: string }).detail),
  );
  await database.db.destroy();

  expect(plans.length).toBeGreaterThanOrEqual(6);
  const readsOfApplications = plans
    .flat()
    .filter((step) => / applications\b/.test(step));
  expect(readsOfApplications.length).toBeGreaterThanOrEqual(5);
  for (const step of readsOfApplications)
    expect(step).toMatch(/USING (COVERING )?INDEX applications_/);
});
