import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { engines } from '../../../tests/support/databases.ts';
import {
  adminToken,
  exampleCall as call,
  exampleConfig,
  exampleStepIds,
  publishAsAdmin,
} from '../../../tests/support/fixtures.ts';
import { startTestServer } from '../../../tests/support/test-server.ts';
import { firstKeptDay } from '../db/insights-purge.ts';
import { createInsightsRepository } from '../db/insights-repository.ts';
import { newVisitsPerAddressPerDay } from './new-visits-per-address.ts';

const postEvents = (baseUrl: string, body: unknown) =>
  fetch(`${baseUrl}/api/events`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

const [welcome = '', general = '', details = ''] = exampleStepIds;

const report = (events: unknown[], visit: Record<string, unknown> = {}) => ({
  call,
  visit: { id: randomUUID(), device: 'desktop', ...visit },
  events,
});

/** How many rows a table of a test server's database holds. */
const rowCount = async (
  server: Awaited<ReturnType<typeof startTestServer>>,
  table: 'insight_events' | 'insight_visits',
) =>
  Number(
    (
      await server.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirstOrThrow()
    ).count,
  );

describe.each(engines)('POST /api/events on %s', (engine) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server.close());

  const eventCount = () => rowCount(server, 'insight_events');

  test('stores a report once committed, with the source of its visit and no answer', async () => {
    const sent = report(
      [
        { type: 'visit', ms: 0 },
        { type: 'step', step: welcome, ms: 5 },
        { type: 'step', step: general, ms: 4000 },
        {
          type: 'refused',
          step: general,
          paths: ['personalInfo.firstName', 'platforms.filled'],
          ms: 9000,
        },
      ],
      { utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'spring' },
    );
    const response = await postEvents(server.baseUrl, sent);
    expect(response.status).toBe(204);
    expect(response.headers.get('set-cookie')).toBeNull();
    const visits = await server.database.db
      .selectFrom('insight_visits')
      .selectAll()
      .where('visit_id', '=', sent.visit.id)
      .execute();
    expect(visits).toEqual([
      {
        visit_id: sent.visit.id,
        day: new Date().toISOString().slice(0, 10),
        call,
        source: 'newsletter',
        medium: 'email',
        campaign: 'spring',
        referrer: null,
        device: 'desktop',
        // The report names none: the form's own.
        language: 'en',
      },
    ]);
    const events = await server.database.db
      .selectFrom('insight_events')
      .select(['kind', 'step_id', 'step', 'path', 'call', 'source'])
      .where('visit_id', '=', sent.visit.id)
      .orderBy('ms')
      .orderBy('path')
      .execute();
    const stored = { call, source: 'newsletter' };
    expect(events).toEqual([
      { kind: 'visit', step_id: null, step: null, path: null, ...stored },
      { kind: 'step', step_id: welcome, step: 0, path: null, ...stored },
      { kind: 'step', step_id: general, step: 1, path: null, ...stored },
      {
        kind: 'refused',
        step_id: general,
        step: 1,
        path: 'personalInfo.firstName',
        ...stored,
      },
      {
        kind: 'refused',
        step_id: general,
        step: 1,
        path: 'platforms.filled',
        ...stored,
      },
    ]);
  });

  test('refuses what the wizard never sends with a 400 naming it, storing nothing', async () => {
    const before = await eventCount();
    const tooMany = Array.from({ length: 51 }, (_, ms) => ({
      type: 'step',
      step: general,
      ms,
    }));
    const cases: Array<[unknown, string, RegExp]> = [
      [
        report([{ type: 'purchase', ms: 1 }]),
        'events[0].type',
        /Unknown event/,
      ],
      [report(tooMany), 'events', /at most 50 events/],
      [
        report([{ type: 'step', step: 'your-trip', ms: 1 }]),
        'events[0].step',
        /No such step: the form's are welcome, general-information, more-details, creator-hub/,
      ],
      [report([{ type: 'step', step: 1, ms: 1 }]), 'events[0].step', /string/],
      [
        report([
          {
            type: 'refused',
            step: details,
            paths: ['personalInfo.firstName'],
            ms: 1,
          },
        ]),
        'events[0].paths[0]',
        /No question of step more-details/,
      ],
      [
        report([{ type: 'step', step: general, ms: 1, answer: 'Ada' }]),
        'events[0].answer',
        /Unknown key/,
      ],
      [
        report([{ type: 'visit', ms: 0 }], { id: 'not-a-uuid' }),
        'visit.id',
        /UUID/,
      ],
      [
        report([{ type: 'visit', ms: 0 }], { device: 'iPhone 15 Pro' }),
        'visit.device',
        /./,
      ],
      [report([]), 'events', /at least one event/],
      [
        report([{ type: 'visit', ms: 0 }], { utmSource: 'a'.repeat(101) }),
        'visit.utmSource',
        /At most 100 characters/,
      ],
      [
        report([{ type: 'visit', ms: 0 }], { utmCampaign: 'spring\u0007' }),
        'visit.utmCampaign',
        /No control characters/,
      ],
      [
        report([{ type: 'visit', ms: 0 }], { ref: 'partner\u202Ecod.exe' }),
        'visit.ref',
        /No control characters/,
      ],
      [
        report([{ type: 'visit', ms: 0 }], {
          referrer: `${'a'.repeat(97)}.org`,
        }),
        'visit.referrer',
        /At most 100 characters/,
      ],
      [
        report([{ type: 'step', step: general, ms: 24 * 60 * 60 * 1000 + 1 }]),
        'events[0].ms',
        /At most a day into the visit/,
      ],
      [
        { ...report([{ type: 'visit', ms: 0 }]), call: 'winter-trail' },
        'call',
        /No such call/,
      ],
      [
        { ...report([{ type: 'visit', ms: 0 }]), call: undefined },
        'call',
        /No such call/,
      ],
    ];
    for (const [body, path, message] of cases) {
      const response = await postEvents(server.baseUrl, body);
      expect(response.status, path).toBe(400);
      const answer = (await response.json()) as {
        issues: Array<{ path: string; message: string }>;
      };
      expect(answer.issues, path).toContainEqual({
        path,
        message: expect.stringMatching(message) as string,
      });
    }
    expect(await eventCount()).toBe(before);
  });

  test('refuses a report for a visit that began more than a day ago, naming it, and takes one begun yesterday', async () => {
    const old = report([{ type: 'visit', ms: 0 }]);
    const recent = report([{ type: 'visit', ms: 0 }]);
    for (const sent of [old, recent])
      expect(await postEvents(server.baseUrl, sent).then((r) => r.status)).toBe(
        204,
      );
    const daysAgo = (days: number) =>
      new Date(Date.now() - days * 24 * 60 * 60 * 1000)
        .toISOString()
        .slice(0, 10);
    for (const [sent, days] of [
      [old, 2],
      [recent, 1],
    ] as const)
      await server.database.db
        .updateTable('insight_visits')
        .set({ day: daysAgo(days) })
        .where('visit_id', '=', sent.visit.id)
        .execute();
    const before = await eventCount();
    const late = await postEvents(server.baseUrl, {
      ...old,
      events: [{ type: 'step', step: welcome, ms: 60_000 }],
    });
    expect(late.status).toBe(400);
    expect(await late.json()).toEqual({
      error: 'validation',
      issues: [
        {
          path: 'visit.id',
          message:
            'This visit began more than a day ago: its reports are no longer counted.',
        },
      ],
    });
    expect(await eventCount()).toBe(before);
    const yesterday = await postEvents(server.baseUrl, {
      ...recent,
      events: [{ type: 'step', step: welcome, ms: 60_000 }],
    });
    expect(yesterday.status).toBe(204);
    expect(await eventCount()).toBe(before + 1);
  });

  test('counts distinct visits, and the median time from one step to the next', async () => {
    const insights = createInsightsRepository(server.database);
    const day = new Date().toISOString().slice(0, 10);
    const source = `count-${engine}`;
    const visit = async (events: unknown[]) =>
      postEvents(server.baseUrl, report(events, { utmSource: source }));
    // Three visits; the first reloads on step 1, so reports it twice.
    await visit([
      { type: 'visit', ms: 0 },
      { type: 'step', step: welcome, ms: 0 },
      { type: 'step', step: general, ms: 1000 },
      { type: 'step', step: general, ms: 8000 },
      { type: 'step', step: details, ms: 11_000 },
      { type: 'submitted', ms: 20_000 },
    ]);
    await visit([
      { type: 'visit', ms: 0 },
      { type: 'step', step: welcome, ms: 0 },
      { type: 'step', step: general, ms: 3000 },
      { type: 'step', step: details, ms: 33_000 },
    ]);
    await visit([
      { type: 'visit', ms: 0 },
      { type: 'step', step: welcome, ms: 0 },
    ]);
    const counts = await insights.counts({ from: day, to: day, source });
    expect(counts.visits).toBe(3);
    expect(Object.fromEntries(counts.reachedByStep)).toEqual({
      [welcome]: 3,
      [general]: 2,
      [details]: 2,
    });
    expect(counts.submitted).toBe(1);
    expect(counts.sources).toEqual([
      { source, medium: '(none)', campaign: null, visits: 3, submitted: 1 },
    ]);
    expect(await insights.stepTimes({ from: day, to: day, source })).toEqual([
      { step: general, medianMs: 20_000, visits: 2 },
      { step: welcome, medianMs: 2000, visits: 2 },
    ]);
  });

  test('deletes events and visits older than 13 months, and keeps the rest', async () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(firstKeptDay(now)).toBe('2025-10-27');
    const { db } = server.database;
    const row = (visitId: string, day: string) => ({
      visit_id: visitId,
      day,
      call,
      source: 'purge',
      kind: 'visit',
      step_id: null,
      step: null,
      path: null,
      ms: 0,
    });
    const [old, kept] = [randomUUID(), randomUUID()];
    await db
      .insertInto('insight_visits')
      .values([
        {
          visit_id: old,
          day: '2025-10-26',
          call,
          source: 'purge',
          medium: '(none)',
          campaign: null,
          referrer: null,
          device: 'phone',
        },
        {
          visit_id: kept,
          day: '2025-10-27',
          call,
          source: 'purge',
          medium: '(none)',
          campaign: null,
          referrer: null,
          device: 'phone',
        },
      ])
      .execute();
    await db
      .insertInto('insight_events')
      .values([row(old, '2025-10-26'), row(kept, '2025-10-27')])
      .execute();
    expect(
      await createInsightsRepository(server.database, () => now).purge(),
    ).toBe(1);
    const left = await db
      .selectFrom('insight_visits')
      .select('visit_id')
      .where('source', '=', 'purge')
      .execute();
    expect(left).toEqual([{ visit_id: kept }]);
  });
});

test.each(engines)(
  "checks a report that arrives just after a publish against the new form's steps, on %s",
  async (engine) => {
    const server = await startTestServer({ engine });
    try {
      // The new version asks one more question, on a step of its own before the last.
      const config = exampleConfig();
      const steps = [...config.steps];
      steps.splice(3, 0, {
        name: 'Your Trip',
        heading: 'Your Trip',
        styles: { grayBg: false },
        blocks: [
          {
            component: 'textInput',
            data: {
              path: 'fields.single.travelMonth',
              label: 'When would you travel?',
            },
          },
        ],
      } as (typeof steps)[number]);
      const visit = { id: randomUUID(), device: 'phone' };
      const reachedTheNewSteps = {
        call,
        visit,
        events: [
          { type: 'step', step: 'your-trip', ms: 9000 },
          {
            type: 'refused',
            step: 'your-trip',
            paths: ['fields.single.travelMonth'],
            ms: 8000,
          },
        ],
      };
      const before = await postEvents(server.baseUrl, reachedTheNewSteps);
      expect(before.status).toBe(400);
      expect(
        ((await before.json()) as { issues: Array<{ path: string }> }).issues,
      ).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ path: 'events[0].step' }),
          expect.objectContaining({ path: 'events[1].paths[0]' }),
        ]),
      );
      const published = await publishAsAdmin(
        server.baseUrl,
        { ...config, steps },
        1,
      );
      expect(published.status).toBe(201);
      // No wait: the process that published serves the new form from its answer on.
      expect(
        (await postEvents(server.baseUrl, reachedTheNewSteps)).status,
      ).toBe(204);
      const today = new Date().toISOString().slice(0, 10);
      const insights = (await (
        await fetch(
          `${server.baseUrl}/api/review/insights?from=${today}&to=${today}`,
          { headers: { authorization: `Bearer ${adminToken}` } },
        )
      ).json()) as {
        steps: Array<{ name: string; reached: number }>;
        refused: Array<{ question: string; count: number }>;
      };
      expect(
        insights.steps.map(({ name, reached }) => [name, reached]),
      ).toEqual([
        ['Welcome', 0],
        ['General Information', 0],
        ['More Details', 0],
        ['Your Trip', 1],
        ['Creator Hub', 0],
      ]);
      expect(insights.refused).toEqual([
        {
          path: 'fields.single.travelMonth',
          question: 'When would you travel?',
          count: 1,
        },
      ]);
    } finally {
      await server.close();
    }
  },
);

describe.each(engines)('new visits per address on %s', (engine) => {
  test(`counts at most ${newVisitsPerAddressPerDay} new visits from one address (an IPv6 /64) a day; past it, answers 204 and stores nothing`, async () => {
    const server = await startTestServer({
      engine,
      trustProxy: ['127.0.0.1'],
    });
    const from = (address: string, body: unknown) =>
      fetch(`${server.baseUrl}/api/events`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Forwarded-For': address,
        },
        body: JSON.stringify(body),
      });
    const visitCount = () => rowCount(server, 'insight_visits');
    try {
      // A bounce is a visit: one report of landing is enough to be counted.
      const first = report([{ type: 'visit', ms: 0 }]);
      expect((await from('2001:db8:9:9::1', first)).status).toBe(204);
      for (let sent = 1; sent < newVisitsPerAddressPerDay; sent += 20)
        await Promise.all(
          Array.from(
            { length: Math.min(20, newVisitsPerAddressPerDay - sent) },
            (_, index) =>
              from(
                `2001:db8:9:9::${(sent + index + 1).toString(16)}`,
                report([{ type: 'visit', ms: 0 }]),
              ),
          ),
        );
      expect(await visitCount()).toBe(newVisitsPerAddressPerDay);
      const over = await from(
        '2001:db8:9:9:ffff::1',
        report([{ type: 'visit', ms: 0 }]),
      );
      expect(over.status).toBe(204);
      expect(await visitCount()).toBe(newVisitsPerAddressPerDay);
      // A visit already counted goes on; another line's visits are counted.
      const goesOn = await from('2001:db8:9:9::1', {
        ...first,
        events: [{ type: 'step', step: welcome, ms: 2000 }],
      });
      expect(goesOn.status).toBe(204);
      const events = await server.database.db
        .selectFrom('insight_events')
        .select('kind')
        .where('visit_id', '=', first.visit.id)
        .execute();
      expect(events.map((event) => event.kind).sort()).toEqual([
        'step',
        'visit',
      ]);
      expect(
        (await from('2001:db8:9:a::1', report([{ type: 'visit', ms: 0 }])))
          .status,
      ).toBe(204);
      expect(await visitCount()).toBe(newVisitsPerAddressPerDay + 1);
    } finally {
      await server.close();
    }
  });
});

test('answers 404 when the configuration turns insights off', async () => {
  const server = await startTestServer({
    config: { ...exampleConfig(), insights: false },
  });
  try {
    const response = await postEvents(
      server.baseUrl,
      report([{ type: 'visit', ms: 0 }]),
    );
    expect(response.status).toBe(404);
  } finally {
    await server.close();
  }
});

test('limits the reports of one address per minute', async () => {
  const server = await startTestServer({ rateLimitPerMinute: 30 });
  try {
    const statuses: number[] = [];
    for (let index = 0; index < 121; index += 1)
      statuses.push(
        (await postEvents(server.baseUrl, report([{ type: 'visit', ms: 0 }])))
          .status,
      );
    expect(statuses.filter((status) => status === 204)).toHaveLength(120);
    expect(statuses.at(-1)).toBe(429);
  } finally {
    await server.close();
  }
});
