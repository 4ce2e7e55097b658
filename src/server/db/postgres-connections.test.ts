import { sql } from 'kysely';
import pg from 'pg';
import { expect, test } from 'vitest';
import { engines, scratchDatabase } from '../../../tests/support/databases.ts';

test.skipIf(!engines.includes('postgres'))(
  'a connection PostgreSQL ends while it is checked out does not end the process, and the next query works',
  async () => {
    const scratch = await scratchDatabase('postgres');
    const database = await scratch.open();
    const admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
    const backendIsGone = async (pid: number) =>
      (
        await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [
          pid,
        ])
      ).rowCount === 0;
    try {
      // Between the statements of a transaction, say: in use, but with no query running.
      await database.db.connection().execute(async (connection) => {
        const { rows } = await sql<{
          pid: number;
        }>`SELECT pg_backend_pid() AS pid`.execute(connection);
        const pid = rows[0]?.pid ?? 0;
        await admin.query('SELECT pg_terminate_backend($1)', [pid]);
        await expect.poll(() => backendIsGone(pid)).toBe(true);
      });
      const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(
        database.db,
      );
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await admin.end();
      await database.close();
      await scratch.drop();
    }
  },
);
