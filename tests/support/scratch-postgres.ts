import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** A new, empty database on the PostgreSQL server at `adminUrl`: its URL, and how to drop it. */
export async function createScratchPostgres(
  adminUrl: string,
  prefix = 'wizard_test',
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomUUID().replace(/-/g, '')}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(statement);
    await admin.end();
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
