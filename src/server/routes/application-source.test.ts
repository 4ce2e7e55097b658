import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readExport } from '../../../tests/support/csv.ts';
import { engines } from '../../../tests/support/databases.ts';
import {
  adminToken,
  putApplication,
  validApplication,
} from '../../../tests/support/fixtures.ts';
import { startTestServer } from '../../../tests/support/test-server.ts';

const asStaff = { authorization: `Bearer ${adminToken}` };

describe.each(engines)('the source of an application on %s', (engine) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server.close());

  const apply = async (visitSource?: string) => {
    const response = await putApplication(server.baseUrl, validApplication(), {
      key: randomUUID(),
      headers: visitSource === undefined ? {} : { 'Visit-Source': visitSource },
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const read = async (path: string) => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      headers: asStaff,
    });
    expect(response.status, path).toBe(200);
    return response;
  };

  test('is kept from the Visit-Source header, shown, filtered by and exported; the payload is unchanged', async () => {
    const fromNewsletter = await apply(
      'utmSource=newsletter&utmMedium=email&utmCampaign=spring+2026',
    );
    const fromPartner = await apply('referrer=partner.example');
    const direct = await apply('');
    const unknown = await apply();
    // A header no wizard sends never costs the applicant their application.
    const malformed = await apply('utmSource=%00bad');

    expect((await server.repository.get(fromNewsletter))?.payload).toEqual({
      ...validApplication(),
      // Named by no page, the form's own.
      language: 'en',
    });
    const view = (await (
      await read(`/api/review/applications/${fromNewsletter}`)
    ).json()) as { source: unknown };
    expect(view.source).toEqual({
      source: 'newsletter',
      medium: 'email',
      campaign: 'spring 2026',
    });
    const sourceOf = async (id: string) =>
      (
        (await (await read(`/api/review/applications/${id}`)).json()) as {
          source: unknown;
        }
      ).source;
    expect(await sourceOf(fromPartner)).toEqual({
      source: 'partner.example',
      medium: 'referral',
      campaign: null,
    });
    expect(await sourceOf(direct)).toEqual({
      source: '(direct)',
      medium: '(none)',
      campaign: null,
    });
    expect(await sourceOf(unknown)).toBeNull();
    expect(await sourceOf(malformed)).toBeNull();

    const list = (await (
      await read('/api/review/applications?source=newsletter')
    ).json()) as { items: Array<{ id: string }> };
    expect(list.items.map((item) => item.id)).toEqual([fromNewsletter]);

    const facets = (await (
      await read('/api/review/applications/facets')
    ).json()) as { sources: unknown };
    expect(facets.sources).toEqual([
      { source: '(direct)', count: 1 },
      { source: 'newsletter', count: 1 },
      { source: 'partner.example', count: 1 },
    ]);

    const { questions, keys, cells } = readExport(
      await (
        await read('/api/review/applications.csv?source=newsletter')
      ).text(),
    );
    // After the team's work: the attribution columns follow them.
    const at = keys.indexOf('source');
    expect(keys[at - 1]).toBe('review.decisionEmailSentAt');
    expect(questions.slice(at, at + 3)).toEqual([
      'Source',
      'Medium',
      'Campaign',
    ]);
    expect(cells.map((row) => [row[0], ...row.slice(at, at + 3)])).toEqual([
      [fromNewsletter, 'newsletter', 'email', 'spring 2026'],
    ]);
  });

  test('keeps markup and formula text in source labels as plain text, and exports them neutralised', async () => {
    const formula = '=HYPERLINK("https://evil.example","x")';
    const markup = '<img src=x onerror=alert(1)>';
    // Another person than the first test's, whose earlier applications the export would show.
    const response = await putApplication(
      server.baseUrl,
      validApplication({ emailAddress: `${randomUUID()}@example.com` }),
      {
        key: randomUUID(),
        headers: {
          'Visit-Source': new URLSearchParams({
            utmSource: formula,
            utmMedium: '@SUM(1+1)',
            utmCampaign: markup,
          }).toString(),
        },
      },
    );
    const { id } = (await response.json()) as { id: string };
    const view = (await (
      await read(`/api/review/applications/${id}`)
    ).json()) as { source: unknown };
    expect(view.source).toEqual({
      source: formula,
      medium: '@SUM(1+1)',
      campaign: markup,
    });
    const { rows } = readExport(
      await (await read('/api/review/applications.csv')).text(),
    );
    expect(
      rows
        .filter((row) => row.campaign === markup)
        .map((row) => [row.source, row.medium]),
    ).toEqual([[`'${formula}`, "'@SUM(1+1)"]]);
  });
});
