import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { engines } from '../../../tests/support/databases.ts';
import { adminToken } from '../../../tests/support/fixtures.ts';
import { startTestServer } from '../../../tests/support/test-server.ts';

const today = new Date().toISOString().slice(0, 10);

describe.each(engines)('GET /api/review/insights on %s', (engine) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer({ engine });
    const visit = (visit: Record<string, unknown>, events: unknown[]) =>
      fetch(`${server.baseUrl}/api/events`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          visit: { id: randomUUID(), device: 'phone', ...visit },
          events,
        }),
      });
    const walk = (last: number) =>
      Array.from({ length: last + 1 }, (_, step) => ({
        type: 'step',
        step,
        ms: step * 10_000,
      }));
    const newsletter = { utmSource: 'newsletter', utmMedium: 'email' };
    await visit(newsletter, [{ type: 'visit', ms: 0 }, ...walk(0)]);
    await visit(newsletter, [
      { type: 'visit', ms: 0 },
      ...walk(3),
      { type: 'submitted', ms: 30_000 },
      { type: 'signIn', ms: 40_000 },
    ]);
    await visit({ referrer: 'partner.example' }, [
      { type: 'visit', ms: 0 },
      ...walk(1),
      {
        type: 'refused',
        step: 1,
        paths: ['personalInfo.emailAddress', 'platforms.instagram.handle'],
        ms: 12_000,
      },
      {
        type: 'refused',
        step: 1,
        paths: ['personalInfo.emailAddress'],
        ms: 13_000,
      },
    ]);
  });
  afterAll(() => server.close());

  const get = (
    query: string,
    headers = { authorization: `Bearer ${adminToken}` },
  ) => fetch(`${server.baseUrl}/api/review/insights${query}`, { headers });

  test('answers the funnel, refusals, sources and days of a period over distinct visits', async () => {
    const response = await get(`?from=${today}&to=${today}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      visits: 3,
      steps: [
        { index: 0, name: 'Welcome', reached: 3 },
        { index: 1, name: 'General Information', reached: 2 },
        { index: 2, name: 'More Details', reached: 1 },
        { index: 3, name: 'Creator Hub', reached: 1 },
      ],
      submitted: 1,
      signInClicked: 1,
      refused: [
        {
          path: 'personalInfo.emailAddress',
          question: 'Email Address',
          count: 1,
        },
        {
          path: 'platforms.instagram.handle',
          question: 'Platforms you share content on',
          count: 1,
        },
      ],
      sources: [
        {
          source: 'newsletter',
          medium: 'email',
          campaign: null,
          visits: 2,
          submitted: 1,
        },
        {
          source: 'partner.example',
          medium: 'referral',
          campaign: null,
          visits: 1,
          submitted: 0,
        },
      ],
      daily: [{ date: today, visits: 3, submitted: 1 }],
    });
    const ofNewsletter = (await (
      await get(`?from=${today}&to=${today}&source=newsletter`)
    ).json()) as { visits: number; refused: unknown[] };
    expect(ofNewsletter.visits).toBe(2);
    expect(ofNewsletter.refused).toEqual([]);
  });

  test('answers the median time on each step but the last', async () => {
    const response = await fetch(
      `${server.baseUrl}/api/review/insights/step-times?from=${today}&to=${today}`,
      { headers: { authorization: `Bearer ${adminToken}` } },
    );
    expect(await response.json()).toEqual({
      steps: [
        { index: 0, name: 'Welcome', medianMs: 10_000, visits: 2 },
        { index: 1, name: 'General Information', medianMs: 10_000, visits: 1 },
        { index: 2, name: 'More Details', medianMs: 10_000, visits: 1 },
      ],
    });
  });

  test('refuses a period it cannot count with a 400 naming it, and anyone but staff', async () => {
    for (const [query, path] of [
      ['?from=2026-02-30&to=2026-03-01', 'from'],
      [`?from=${today}&to=2020-01-01`, 'to'],
      ['?from=2024-01-01&to=2026-01-01', 'from'],
      [`?from=${today}`, 'to'],
    ] as const) {
      const response = await get(query);
      expect(response.status, query).toBe(400);
      const body = (await response.json()) as {
        issues: Array<{ path: string }>;
      };
      expect(
        body.issues.map((issue) => issue.path),
        query,
      ).toContain(path);
    }
    expect(
      (await get(`?from=${today}&to=${today}`, { authorization: '' })).status,
    ).toBe(401);
  });
});
