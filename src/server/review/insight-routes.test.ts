import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { engines } from '../../../tests/support/databases.ts';
import {
  adminToken,
  exampleCall as call,
  exampleConfig,
  exampleStepIds as stepIds,
  publishAsAdmin,
} from '../../../tests/support/fixtures.ts';
import { startTestServer } from '../../../tests/support/test-server.ts';

const today = new Date().toISOString().slice(0, 10);

const postVisit = (
  baseUrl: string,
  visit: Record<string, unknown>,
  events: unknown[],
) =>
  fetch(`${baseUrl}/api/events`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      call,
      visit: { id: randomUUID(), device: 'phone', ...visit },
      events,
    }),
  });

/** A visit's steps from the first to `last`, ten seconds apart. */
const walk = (ids: readonly string[], last: number) =>
  ids.slice(0, last + 1).map((step, index) => ({
    type: 'step',
    step,
    ms: index * 10_000,
  }));

describe.each(engines)('GET /api/review/insights on %s', (engine) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer({ engine });
    const visit = (visit: Record<string, unknown>, events: unknown[]) =>
      postVisit(server.baseUrl, visit, events);
    const newsletter = { utmSource: 'newsletter', utmMedium: 'email' };
    await visit(newsletter, [{ type: 'visit', ms: 0 }, ...walk(stepIds, 0)]);
    await visit(newsletter, [
      { type: 'visit', ms: 0 },
      ...walk(stepIds, 3),
      { type: 'submitted', ms: 30_000 },
      { type: 'signIn', ms: 40_000 },
    ]);
    await visit({ referrer: 'partner.example' }, [
      { type: 'visit', ms: 0 },
      ...walk(stepIds, 1),
      {
        type: 'refused',
        step: 'general-information',
        paths: ['personalInfo.emailAddress', 'platforms.instagram.handle'],
        ms: 12_000,
      },
      {
        type: 'refused',
        step: 'general-information',
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
      ].map((step) => ({
        ...step,
        id: stepIds[step.index],
        removed: false,
      })),
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
      // Reports that name no language are counted in the form's own.
      languages: [{ language: 'en', visits: 3, applications: 0 }],
      daily: [{ date: today, visits: 3, submitted: 1 }],
    });
    const ofNewsletter = (await (
      await get(`?from=${today}&to=${today}&source=newsletter`)
    ).json()) as { visits: number; refused: unknown[] };
    expect(ofNewsletter.visits).toBe(2);
    expect(ofNewsletter.refused).toEqual([]);
    const ofTheCall = (await (
      await get(`?from=${today}&to=${today}&call=${call}`)
    ).json()) as { visits: number };
    expect(ofTheCall.visits).toBe(3);
  });

  test('answers 404 for a call it does not know', async () => {
    const response = await get(`?from=${today}&to=${today}&call=winter-trail`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: 'not_found',
      message: 'No call has the address "winter-trail"',
    });
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
      ].map((step) => ({
        ...step,
        id: stepIds[step.index],
        removed: false,
      })),
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

test.each(engines)(
  'counts each step under its id through edits, names it by its latest name, and shows a removed step as removed, on %s',
  async (engine) => {
    const server = await startTestServer({ engine });
    try {
      const read = async (path: string) =>
        (await (
          await fetch(
            `${server.baseUrl}/api/review/insights${path}?from=${today}&to=${today}`,
            { headers: { authorization: `Bearer ${adminToken}` } },
          )
        ).json()) as {
          steps: Array<{
            id: string;
            name: string;
            removed: boolean;
            reached?: number;
            visits?: number;
          }>;
        };
      // Under the first version two visits reach General Information, one More Details.
      for (const last of [1, 1, 2])
        expect(
          (await postVisit(server.baseUrl, {}, walk(stepIds, last))).status,
        ).toBe(204);
      // The editor inserts a step before General Information, renames it and removes More Details
      // (its questions go to the new step).
      const config = exampleConfig();
      const [welcome, general, details, hub] = config.steps;
      const published = await publishAsAdmin(
        server.baseUrl,
        {
          ...config,
          steps: [
            welcome,
            { id: 'trip', name: 'Your Trip', blocks: details?.blocks },
            { ...general, id: 'general-information', name: 'About You' },
            hub,
          ],
        },
        1,
      );
      expect(published.status).toBe(201);
      // One visit goes to the end of the new form.
      const nowIds = ['welcome', 'trip', 'general-information', 'creator-hub'];
      expect(
        (await postVisit(server.baseUrl, {}, walk(nowIds, 3))).status,
      ).toBe(204);
      expect(
        (await read('')).steps.map(({ id, name, removed, reached }) => [
          id,
          name,
          removed,
          reached,
        ]),
      ).toEqual([
        ['welcome', 'Welcome', false, 4],
        ['trip', 'Your Trip', false, 1],
        ['general-information', 'About You', false, 4],
        ['more-details', 'More Details', true, 1],
        ['creator-hub', 'Creator Hub', false, 1],
      ]);
      expect(
        (await read('/step-times')).steps.map(({ name, visits }) => [
          name,
          visits,
        ]),
      ).toEqual([
        ['Welcome', 4],
        ['Your Trip', 1],
        ['About You', 2],
      ]);
    } finally {
      await server.close();
    }
  },
);
