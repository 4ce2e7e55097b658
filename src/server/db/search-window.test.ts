import { randomUUID } from 'node:crypto';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  sql,
  SqliteDialect,
  type CompiledQuery,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ApplicationPayload } from '#engine/payload.ts';
import {
  engines,
  scratchDatabase,
  scratchPool,
} from '../../../tests/support/databases.ts';
import { databaseMigratedTo } from '../../../tests/support/older-database.ts';
import {
  createApplicationsRepository,
  type ApplicationsRepository,
} from './applications-repository.ts';
import type { Database } from './database.ts';
import { countByStage } from './inbox-counts.ts';
import { listInboxPage, type InboxCursor } from './inbox-queries.ts';
import { rankedAtMost } from './search-queries.ts';
import type { DatabaseSchema } from './tables.ts';

const configVersion = 'c'.repeat(64);

const application = (n: number, answer: string): ApplicationPayload => ({
  personalInfo: {
    firstName: `Ines${n}`,
    lastName: 'Lovelace',
    emailAddress: `ines${n}@example.com`,
    countryCode: n % 2 === 0 ? 'GB' : 'FR',
  },
  platforms: { instagram: { handle: `ines${n}`, followers: '90' } },
  fields: [{ key: 'single.tripDetails', value: answer }],
});

describe.each(engines)(
  'a search finding more than it ranks, on %s',
  (engine) => {
    let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
    let database: Database;
    let repository: ApplicationsRepository;
    let clock = Date.UTC(2026, 0, 1);
    let stored = 0;
    const older: string[] = [];
    const newer: string[] = [];
    const best: string[] = [];

    const store = async (answers: string[]) =>
      Promise.all(
        answers.map(async (answer) => {
          const outcome = await repository.store({
            pageId: 'window',
            configVersion,
            idempotencyKey: randomUUID(),
            payload: application((stored += 1), answer),
          });
          if (outcome.kind !== 'created') throw new Error('not stored');
          return outcome.id;
        }),
      );

    beforeAll(async () => {
      scratch = await scratchDatabase(engine);
      database = await scratch.open();
      repository = createApplicationsRepository(
        database,
        () => new Date(clock),
      );
      // The best matches of all are the oldest: past the newest thousand, they are not ranked.
      older.push(
        ...(await store(
          Array.from({ length: 30 }, (_, n) =>
            n < 5
              ? 'lighthouse lighthouse lighthouse'
              : 'a lighthouse on the coast',
          ),
        )),
      );
      for (let batch = 0; batch < rankedAtMost / 100; batch += 1) {
        clock += 60_000;
        const ids = await store(
          Array.from({ length: 100 }, (_, n) =>
            batch === 4 && n < 3
              ? 'lighthouse lighthouse'
              : 'a lighthouse on the coast',
          ),
        );
        if (batch === 4) best.push(...ids.slice(0, 3));
        newer.push(...ids);
      }
    }, 120_000);

    afterAll(async () => {
      await database.close();
      await scratch.drop();
    });

    test('ranks the newest it finds, the best first, then lists the older ones newest first, each once', async () => {
      const listed: string[] = [];
      const scores: number[] = [];
      let after: InboxCursor | undefined;
      for (;;) {
        const page = await repository.list({
          limit: 100,
          after,
          filters: { search: 'lighth' },
        });
        if (listed.length === 0) {
          expect(new Set(page.slice(0, 3).map((row) => row.id))).toEqual(
            new Set(best),
          );
          // Stored after the first page, it is not ranked into the pages still to come.
          clock += 60_000;
          await store(['lighthouse lighthouse lighthouse lighthouse']);
        }
        const last = page.at(-1);
        if (!last) break;
        listed.push(...page.map((row) => row.id));
        scores.push(...page.map((row) => row.score ?? Number.NaN));
        after = {
          receivedAt: last.receivedAt,
          id: last.id,
          score: last.score,
          rankedFrom: last.rankedFrom,
        };
      }
      expect(listed).toHaveLength(older.length + newer.length);
      expect(new Set(listed.slice(0, rankedAtMost))).toEqual(new Set(newer));
      const ranked = scores.slice(0, rankedAtMost);
      expect(ranked).toEqual([...ranked].sort((a, b) => b - a));
      expect(listed.slice(rankedAtMost)).toEqual([...older].sort().reverse());
    });

    test('counts every application found, ranked or not, as its stage and first application change', async () => {
      const counted = async () =>
        (await countByStage(database, { search: 'lighthouse', country: 'GB' }))
          .new;
      const gb = [...older, ...newer].filter((_, n) => n % 2 === 1);
      const before = await counted();
      const [moved, second] = gb;
      await database.db
        .updateTable('applications')
        .set({ stage: 'shortlisted' })
        .where('id', '=', moved ?? '')
        .execute();
      await database.db
        .updateTable('applications')
        .set({ duplicate_of: moved ?? '' })
        .where('id', '=', second ?? '')
        .execute();
      expect(await counted()).toBe(before - 2);
      expect(
        (await countByStage(database, { search: 'lighthouse', country: 'GB' }))
          .shortlisted,
      ).toBe(1);
      await repository.erase(moved ?? '');
      expect(
        (await countByStage(database, { search: 'lighthouse', country: 'GB' }))
          .shortlisted,
      ).toBe(0);
    });

    test('reads the words’ index and what it holds beside them, never every application’s row', async () => {
      const statements: CompiledQuery[] = [];
      const pool = engine === 'postgres' ? scratchPool(scratch.url) : undefined;
      const connection =
        engine === 'sqlite' ? new SQLite(scratch.sqlitePath) : undefined;
      const watched = {
        ...database,
        db: new Kysely<DatabaseSchema>({
          dialect: pool
            ? new PostgresDialect({ pool })
            : new SqliteDialect({ database: connection as SQLite.Database }),
          log: (event) => {
            if (event.level === 'query') statements.push(event.query);
          },
        }),
      };
      if (engine === 'sqlite') await sql`analyze`.execute(watched.db);
      const filters = { search: 'lighthouse coast', country: 'GB' };
      const first = await listInboxPage(watched, { limit: 50, filters });
      const last = first.at(-1);
      await listInboxPage(watched, {
        limit: 50,
        filters,
        stage: 'new',
        // Past the ranked ones: the others found, newest first.
        after: last && {
          receivedAt: last.receivedAt,
          id: last.id,
          score: -1,
          rankedFrom: last.rankedFrom,
        },
      });
      await countByStage(watched, filters);
      const searched = statements.filter((statement) =>
        statement.parameters.some((value) => /lighthouse/.test(String(value))),
      );
      const plans = await Promise.all(
        searched.map(async ({ sql: text, parameters }) =>
          connection
            ? connection
                .prepare(`explain query plan ${text}`)
                .all(...parameters)
                .map((row) => (row as { detail: string }).detail)
                .join('\n')
            : JSON.stringify(
                (
                  await pool?.query(`explain (format json) ${text}`, [
                    ...parameters,
                  ])
                )?.rows,
              ),
        ),
      );
      await watched.db.destroy();
      const planOf = (pattern: RegExp) =>
        plans.filter((_, n) => pattern.test(searched[n]?.sql ?? ''));
      const counting = planOf(/count\(\*\)/);
      const ranking = planOf(/bm25|ts_rank/);
      expect(counting).toHaveLength(1);
      expect(ranking.length).toBeGreaterThanOrEqual(1);
      for (const plan of [...counting, ...ranking])
        if (engine === 'postgres')
          expect(plan).not.toMatch(/"Relation Name":"applications"/);
        else
          expect(plan).toMatch(
            /SEARCH applications USING COVERING INDEX applications_by_search_key/,
          );
      if (engine === 'sqlite')
        for (const plan of plans)
          expect(
            plan
              .split('\n')
              .filter((step) => /SCAN applications\b/.test(step))
              .filter((step) => !/USING (COVERING )?INDEX/.test(step)),
          ).toEqual([]);
    });
  },
);

describe.each(engines)(
  'applications stored before their search keys, on %s',
  (engine) => {
    test('are found, ranked and counted after the migration', async () => {
      const scratch = await scratchDatabase(engine);
      const older = await databaseMigratedTo(
        scratch,
        engine,
        '040-vote-counts',
      );
      const id = '00000000-0000-4000-8000-000000000001';
      try {
        await sql`
        insert into applications
          (id, page_id, idempotency_key, payload_hash, received_at, payload, full_name, email,
           country_code, config_version, call_slug)
        values (${id}, 'older', '00000000-0000-4000-8000-000000000002', 'hash',
          '2026-02-03T09:00:00.000Z', ${JSON.stringify(application(1, 'lighthouse'))},
          'Ines Lovelace', 'ines1@example.com', 'GB', null, 'older')`.execute(
          older,
        );
        if (engine === 'postgres')
          await sql`update applications set search = to_tsvector('simple', 'Ines Lovelace lighthouse keeper')`.execute(
            older,
          );
        else
          await sql`insert into application_search (application_id, body) values (${id}, 'Ines Lovelace lighthouse keeper')`.execute(
            older,
          );
      } finally {
        await older.destroy();
      }
      const database = await scratch.open();
      try {
        const found = await listInboxPage(database, {
          limit: 10,
          filters: { search: 'lighthouse kee' },
        });
        expect(found.map((row) => [row.id, row.score! > 0])).toEqual([
          [id, true],
        ]);
        expect(
          await countByStage(database, { search: 'keeper', country: 'GB' }),
        ).toMatchObject({ new: 1 });
      } finally {
        await database.close();
        await scratch.drop();
      }
    });
  },
);
