import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { engines } from '../../../tests/support/databases.ts';
import { captureLog } from '../../../tests/support/log-capture.ts';
import {
  applicationWith,
  startGraphStandIn,
  startYouTubeStandIn,
  type StandIn,
  type StandInOptions,
} from '../../../tests/support/reach-stand-ins.ts';
import { useScratchDatabase } from '../../../tests/support/scratch-database.ts';
import { createApplicationsRepository } from '../db/applications-repository.ts';
import type { Database } from '../db/database.ts';
import { createReach, type ReachOptions } from './reach.ts';

const token = 'IGAAtest-long-lived-token-0123456789';
const apiKey = 'AIzaTest-key-0123456789abcdef';

describe.each(engines)('verified reach on %s', (engine) => {
  const database = useScratchDatabase(engine);
  const cleanUps: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
    // A pause one test leaves would hold the next one's platform.
    await sql`delete from reach_pauses`.execute(database().db);
  });
  const log = captureLog();
  const logger = Fastify({
    logger: { level: 'debug', stream: log.stream },
  }).log;

  async function standIns(
    graph: Partial<StandInOptions> = {},
    youtube: Partial<StandInOptions> = {},
  ) {
    const instagram = await startGraphStandIn({ credential: token, ...graph });
    const channels = await startYouTubeStandIn({
      credential: apiKey,
      ...youtube,
    });
    cleanUps.push(instagram.close, channels.close);
    return { instagram, channels };
  }

  function started(
    { instagram, channels }: { instagram?: StandIn; channels?: StandIn },
    options: Partial<ReachOptions> = {},
  ) {
    const reach = createReach(database(), {
      instagram: instagram && {
        baseUrl: `${instagram.url}/v24.0`,
        accountId: '17841405309211844',
        accessToken: token,
      },
      youtube: channels && { baseUrl: channels.url, apiKey },
      retry: { firstDelayMs: 20, longestDelayMs: 100, giveUpAfterMs: 3_000 },
      ...options,
      worker: {
        pollMs: 20,
        pauseMs: 60,
        credentialPauseMs: 60_000,
        ...options.worker,
      },
    });
    const repository = createApplicationsRepository(
      database(),
      undefined,
      reach.storeHooks({}),
    );
    cleanUps.push(() => reach.stop());
    return {
      reach,
      store: async (platforms: Record<string, string>) => {
        const outcome = await repository.store({
          pageId: 'aldmere-creators',
          configVersion: 'c'.repeat(64),
          idempotencyKey: randomUUID(),
          payload: applicationWith(platforms),
        });
        if (outcome.kind !== 'created') throw new Error(outcome.kind);
        return outcome.id;
      },
    };
  }

  const settledAll = (db: Database, ids: readonly string[]) =>
    vi.waitFor(
      async () => {
        const pending = await sql<{ count: number | string }>`
          select count(*) as count from reach_checks
          where status = 'pending' and application_id in (${sql.join(ids)})`.execute(
          db.db,
        );
        expect(Number(pending.rows[0]?.count)).toBe(0);
      },
      { timeout: 30_000, interval: 20 },
    );

  test('each platform answers with its own status: verified with the engagement rate, an unknown or personal account not found, a hidden count not public, TikTok unavailable, a server that keeps failing failed', async () => {
    const apis = await standIns(
      {
        handles: {
          'ada.travels': {
            kind: 'account',
            followers: 12_000,
            media: [{ likes: 500, comments: 100 }, { comments: 60 }],
          },
          nobody: { kind: 'unknown' },
          'ada.private': { kind: 'personal' },
          'ada.broken': { kind: 'server_error' },
        },
      },
      {
        handles: {
          adaflies: { kind: 'account', followers: 3_400 },
          adashy: { kind: 'hidden' },
          adagone: { kind: 'unknown' },
        },
      },
    );
    const { reach, store } = started(apis);
    const first = await store({
      instagram: '@ada.travels',
      youtube: 'https://www.youtube.com/@adaflies',
      tiktok: 'ada.tok',
    });
    const second = await store({ instagram: 'nobody', youtube: 'adashy' });
    const third = await store({ instagram: 'ada.private', youtube: 'adagone' });
    const fourth = await store({ instagram: 'ada.broken' });
    expect(
      (await reach.queue.reachOf(first)).map((each) => each.status),
    ).toEqual(['pending', 'pending', 'unavailable']);
    await reach.start(logger);
    await settledAll(database(), [first, second, third, fourth]);

    expect(await reach.queue.reachOf(first)).toEqual([
      {
        platform: 'instagram',
        handle: '@ada.travels',
        stated: 500,
        verified: 12_000,
        // (500 + 100 + 60) / 2 posts / 12,000 followers
        engagementRate: 0.0275,
        checkedAt: expect.any(String),
        status: 'verified',
      },
      {
        platform: 'youtube',
        handle: 'https://www.youtube.com/@adaflies',
        stated: 500,
        verified: 3_400,
        engagementRate: null,
        checkedAt: expect.any(String),
        status: 'verified',
      },
      {
        platform: 'tiktok',
        handle: 'ada.tok',
        stated: 500,
        verified: null,
        engagementRate: null,
        checkedAt: null,
        status: 'unavailable',
      },
    ]);
    const statuses = async (id: string) =>
      (await reach.queue.reachOf(id)).map((each) => each.status);
    expect(await statuses(second)).toEqual(['not_found', 'not_public']);
    expect(await statuses(third)).toEqual(['not_found', 'not_found']);
    expect(await statuses(fourth)).toEqual(['failed']);
    expect(apis.instagram.answeredOf('ada.broken')).toBeGreaterThan(1);

    const sums = await sql<{
      id: string;
      verified_reach: number | string | null;
    }>`
      select id, verified_reach from applications where id in (${first}, ${second})`.execute(
      database().db,
    );
    expect(
      Object.fromEntries(
        sums.rows.map((row) => [
          row.id,
          row.verified_reach === null ? null : Number(row.verified_reach),
        ]),
      ),
    ).toEqual({ [first]: 15_400, [second]: null });
    expect(log.lines.join('\n')).not.toMatch(
      /IGAAtest|AIzaTest|ada\.travels|adaflies|\b12000\b|\b3400\b/,
    );
  });

  test('a rate limit pauses the platform without charging a row, then every look-up settles, each handle asked once', async () => {
    const apis = await standIns(
      { rateLimitEvery: 4, resetMs: 40 },
      { rateLimitEvery: 3, resetMs: 40 },
    );
    const { reach, store } = started(apis, { worker: { batchSize: 3 } });
    const ids: string[] = [];
    for (let index = 0; index < 12; index += 1)
      ids.push(
        await store({ instagram: `rate.${index}`, youtube: `rate${index}yt` }),
      );
    await reach.start(logger);
    await settledAll(database(), ids);

    for (const id of ids)
      expect(
        (await reach.queue.reachOf(id)).map((each) => each.status),
      ).toEqual(['verified', 'verified']);
    for (let index = 0; index < 12; index += 1) {
      expect(apis.instagram.answeredOf(`rate.${index}`)).toBe(1);
      expect(apis.channels.answeredOf(`rate${index}yt`)).toBe(1);
    }
    expect(apis.instagram.refused()).toBeGreaterThan(0);
    expect(apis.channels.refused()).toBeGreaterThan(0);
    const attempts = await sql<{ attempts: number }>`
      select distinct attempts from reach_checks where application_id in (${sql.join(ids)})`.execute(
      database().db,
    );
    expect(attempts.rows.map((row) => row.attempts)).toEqual([1]);
    expect(log.records().map((record) => record.msg)).toEqual(
      expect.arrayContaining([
        "Instagram's rate limit reached: its look-ups wait",
        "YouTube's rate limit reached: its look-ups wait",
      ]),
    );
  });

  test('usage headers near their limit pause Instagram after an answer that still counts', async () => {
    const apis = await standIns({ usageHeaderAt: 1 });
    const { reach, store } = started(
      { instagram: apis.instagram },
      { worker: { batchSize: 1, pauseMs: 60_000 } },
    );
    const first = await store({ instagram: 'usage.one' });
    const second = await store({ instagram: 'usage.two' });
    await reach.start(logger);
    await settledAll(database(), [first]);
    expect((await reach.queue.reachOf(first))[0]?.status).toBe('verified');
    // The second waits out the pause: asked nothing meanwhile.
    expect((await reach.queue.reachOf(second))[0]?.status).toBe('pending');
    expect(apis.instagram.answeredOf('usage.two')).toBe(0);
  });

  test('a refused token pauses Instagram and says so once in the log, never the token; each application stays pending and is looked up once a good token is set', async () => {
    const apis = await standIns({ credential: 'the-right-token' });
    const wrong = started(apis);
    const ids = [
      await wrong.store({ instagram: 'token.one' }),
      await wrong.store({ instagram: 'token.two' }),
    ];
    await wrong.reach.start(logger);
    await vi.waitFor(
      () =>
        expect(log.records().map((record) => record.msg)).toContain(
          "Instagram refused the organisation's credentials: replace them and restart; its look-ups wait",
        ),
      { timeout: 10_000, interval: 20 },
    );
    await wrong.reach.stop();
    for (const id of ids)
      expect((await wrong.reach.queue.reachOf(id))[0]?.status).toBe('pending');
    const lines = log.lines.filter((line) => line.includes('credentials'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('Graph API error code 190');
    expect(log.lines.join('\n')).not.toContain(token);

    apis.instagram.set({ credential: token });
    const right = started(apis);
    await right.reach.start(logger);
    await settledAll(database(), ids);
    for (const id of ids)
      expect((await right.reach.queue.reachOf(id))[0]?.status).toBe('verified');
  });

  test('a bad YouTube key is reported, never the key', async () => {
    const apis = await standIns({}, { credential: 'another-key' });
    const { reach, store } = started({ channels: apis.channels });
    const id = await store({ youtube: 'keyless' });
    await reach.start(logger);
    await vi.waitFor(
      () =>
        expect(log.lines.join('\n')).toContain(
          'the YouTube Data API refused the key (API_KEY_INVALID)',
        ),
      { timeout: 10_000, interval: 20 },
    );
    expect((await reach.queue.reachOf(id))[0]?.status).toBe('pending');
    expect(log.lines.join('\n')).not.toContain(apiKey);
  });

  test('after a restart mid-queue, rows a stopped process held are looked up once their lease lapses, and none is asked twice', async () => {
    const apis = await standIns();
    const before = started(apis);
    const ids: string[] = [];
    for (let index = 0; index < 25; index += 1)
      ids.push(await before.store({ instagram: `restart.${index}` }));
    // A process that claimed five rows and died before asking.
    const held = await before.reach.queue.claim(['instagram'], 5, 300);
    expect(held).toHaveLength(5);
    await before.reach.start(logger);
    await vi.waitFor(
      async () => {
        const verified = await sql<{ count: number | string }>`
          select count(*) as count from reach_checks where status = 'verified'
          and application_id in (${sql.join(ids)})`.execute(database().db);
        expect(Number(verified.rows[0]?.count)).toBeGreaterThanOrEqual(5);
      },
      { timeout: 10_000, interval: 5 },
    );
    await before.reach.stop();
    const after = started(apis);
    await after.reach.start(logger);
    await settledAll(database(), ids);
    for (let index = 0; index < 25; index += 1)
      expect(apis.instagram.answeredOf(`restart.${index}`)).toBe(1);
  });

  test('Check again asks the platform afresh and records its new count', async () => {
    const apis = await standIns({
      handles: { 'again.ada': { kind: 'account', followers: 800 } },
    });
    const { reach, store } = started(apis);
    const id = await store({ instagram: 'again.ada', tiktok: 'again.tok' });
    await reach.start(logger);
    await settledAll(database(), [id]);
    apis.instagram.set({
      handles: { 'again.ada': { kind: 'account', followers: 950 } },
    });
    const queued = await reach.queue.checkAgain(id);
    expect(queued?.map((each) => each.status)).toEqual([
      'pending',
      'unavailable',
    ]);
    reach.wake();
    await settledAll(database(), [id]);
    expect((await reach.queue.reachOf(id))[0]).toMatchObject({
      status: 'verified',
      verified: 950,
    });
    expect(apis.instagram.answeredOf('again.ada')).toBe(2);
    expect(await reach.queue.checkAgain(randomUUID())).toBeUndefined();
  });

  test('without credentials nothing is asked and every entry says unavailable', async () => {
    const apis = await standIns();
    const { reach, store } = started({});
    const id = await store({ instagram: 'nocreds.ada', youtube: 'nocredsyt' });
    await reach.start(logger);
    expect((await reach.queue.reachOf(id)).map((each) => each.status)).toEqual([
      'unavailable',
      'unavailable',
    ]);
    expect(apis.instagram.calls() + apis.channels.calls()).toBe(0);
    expect(log.records().map((record) => record.msg)).toEqual(
      expect.arrayContaining([
        'Instagram look-ups are off: INSTAGRAM_ACCOUNT_ID and INSTAGRAM_ACCESS_TOKEN are not both set',
      ]),
    );
  });
});
