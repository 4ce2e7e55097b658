import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { StaffStage } from '#engine/stages.ts';
import type { BulkJob } from '#review-api/application.ts';
import { endedJob } from '../../../tests/support/bulk-jobs.ts';
import { engines } from '../../../tests/support/databases.ts';
import { validApplication } from '../../../tests/support/fixtures.ts';
import { requestAs, staffMember } from '../../../tests/support/staff.ts';
import { startTestServer } from '../../../tests/support/test-server.ts';
import { createAuditLog } from '../staff/audit-log.ts';
import { createBulkJobs } from './bulk-jobs.ts';
import { createReviewRepository } from './review-repository.ts';

// Past the 10,000 that one request used to take by "every one matching".
const applications = 10_050;

describe.each(engines)('a bulk move as one job on %s', (engine) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let send: ReturnType<typeof requestAs>;
  let withdrawnId = '';

  beforeAll(async () => {
    server = await startTestServer({ engine });
    send = requestAs(
      server,
      await staffMember(
        server,
        'rita@example.org',
        'reviewer',
        'a long enough secret',
      ),
    );
    for (let start = 0; start < applications; start += 1000)
      await Promise.all(
        Array.from(
          { length: Math.min(1000, applications - start) },
          (_, offset) =>
            server.repository.store({
              pageId: 'aldmere-creators',
              idempotencyKey: randomUUID(),
              configVersion: 'c'.repeat(64),
              payload: validApplication({
                firstName: `Ada${start + offset}`,
                emailAddress: `ada${start + offset}@example.com`,
              }),
            }),
        ),
      );
    const withdrawn = await server.database.db
      .selectFrom('applications')
      .select('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    withdrawnId = withdrawn.id;
    await server.database.db
      .updateTable('applications')
      .set({ stage: 'withdrawn' })
      .where('id', '=', withdrawnId)
      .execute();
  }, 300_000);
  afterAll(async () => {
    await server.close();
  });

  /** Job runners as separate processes would make them, over the one database, `size` a chunk. */
  const runnersOf = (size: number) => {
    const audit = createAuditLog(server.database);
    return (onChunk?: (job: BulkJob) => void) =>
      createBulkJobs({
        database: server.database,
        repository: server.repository,
        reviews: createReviewRepository(server.database),
        audit,
        callTitle: () => 'Aldmere Creators',
        chunkSize: size,
        ...(onChunk && { onChunk }),
      });
  };

  const stagesMoved = () =>
    server.database.db
      .selectFrom('audit_log')
      .select(['actor', 'count', 'detail'])
      .where('action', '=', 'stages_moved')
      .execute();

  test('moves every one of more than 10,000 matching, passing the withdrawn one by', async () => {
    const started = await send('POST', '/api/review/applications/stage', {
      view: {},
      expected: applications,
      stage: 'shortlisted',
    });
    expect(await endedJob(started, (path) => send('GET', path))).toMatchObject({
      total: applications,
      state: 'done',
      done: applications,
      moved: applications - 1,
      withdrawn: 1,
      error: null,
    });
    const byStage = await server.repository.countByStage({ duplicates: true });
    expect(byStage).toMatchObject({
      shortlisted: applications - 1,
      withdrawn: 1,
      new: 0,
    });
    const moves = await server.database.db
      .selectFrom('stage_moves')
      .select((select) => select.fn.countAll<number | string>().as('count'))
      .where('to_stage', '=', 'shortlisted')
      .executeTakeFirstOrThrow();
    expect(Number(moves.count)).toBe(applications - 1);
    expect(await stagesMoved()).toEqual([
      {
        actor: 'rita@example.org',
        count: applications - 1,
        detail:
          '→ shortlisted; every one matching: every application; call Creator Application · Visit Aldmere Coast (aldmere-creators)',
      },
    ]);
  });

  test('refuses a view whose count changed, and answers 404 for an unknown job', async () => {
    const stale = await send('POST', '/api/review/applications/stage', {
      view: { stage: 'shortlisted' },
      expected: 3,
      stage: 'new',
    });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { message: string }).message).toBe(
      `${(applications - 1).toLocaleString('en')} applications match now, not 3: the list changed. Check it and try again.`,
    );
    const unknown = await send('GET', `/api/review/bulk-jobs/${randomUUID()}`);
    expect(unknown.status).toBe(404);
  });

  test('a job stopped midway by a restart is taken up where it stopped, moving nobody twice', async () => {
    const database = server.database;
    const runnerOf = runnersOf(2000);
    const before = await stagesMoved();
    const first = runnerOf((progress) => {
      if (progress.done >= 4000) void first.close();
    });
    const job = await first.start({
      view: { stage: 'shortlisted' },
      stage: 'declined',
      total: applications - 1,
      actor: 'rita@example.org',
      address: null,
    });
    await first.settled();
    expect(await first.read(job.id)).toMatchObject({
      state: 'running',
      done: 4000,
      moved: 4000,
    });

    const second = runnerOf();
    await second.resume();
    await second.settled();
    expect(await second.read(job.id)).toMatchObject({
      state: 'done',
      done: applications - 1,
      moved: applications - 1,
    });
    const moves = await database.db
      .selectFrom('stage_moves')
      .select((select) => select.fn.countAll<number | string>().as('count'))
      .where('to_stage', '=', 'declined')
      .executeTakeFirstOrThrow();
    expect(Number(moves.count)).toBe(applications - 1);
    expect((await stagesMoved()).length).toBe(before.length + 1);
  });

  test('two processes taking up the same job at once move each application once, and end it once', async () => {
    const database = server.database;
    const runnerOf = runnersOf(1000);
    const movesTo = async (stage: StaffStage) =>
      Number(
        (
          await database.db
            .selectFrom('stage_moves')
            .select((select) =>
              select.fn.countAll<number | string>().as('count'),
            )
            .where('to_stage', '=', stage)
            .executeTakeFirstOrThrow()
        ).count,
      );
    const before = {
      moves: await movesTo('accepted'),
      audit: await stagesMoved(),
    };
    const first = runnerOf((progress) => {
      if (progress.done >= 1000) void first.close();
    });
    const job = await first.start({
      view: { stage: 'declined' },
      stage: 'accepted',
      total: applications - 1,
      actor: 'rita@example.org',
      address: null,
    });
    await first.settled();

    const [second, third] = [runnerOf(), runnerOf()];
    await Promise.all([second.resume(), third.resume()]);
    await Promise.all([second.settled(), third.settled()]);
    expect(await second.read(job.id)).toMatchObject({
      state: 'done',
      done: applications - 1,
      moved: applications - 1,
    });
    expect((await movesTo('accepted')) - before.moves).toBe(applications - 1);
    expect((await stagesMoved()).length).toBe(before.audit.length + 1);
  });
});
