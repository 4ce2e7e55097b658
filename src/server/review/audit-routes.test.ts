import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AuditPage } from '#review-api/audit.ts';
import { endedJob } from '../../../tests/support/bulk-jobs.ts';
import { engines } from '../../../tests/support/databases.ts';
import {
  putApplication,
  validApplication,
} from '../../../tests/support/fixtures.ts';
import { staffMember } from '../../../tests/support/staff.ts';
import { startTestServer } from '../../../tests/support/test-server.ts';
import { createAuditLog } from '../staff/audit-log.ts';

const password = 'a long enough secret';
const seeded = 2_150;

describe.each(engines)('the audit log on %s', (engine) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const cookies: Record<string, string> = {};
  let zeldaId = '';

  beforeAll(async () => {
    server = await startTestServer({ engine });
    for (const [email, role] of [
      ['ada@example.org', 'admin'],
      ['rita@example.org', 'reviewer'],
    ] as const)
      cookies[role] = await staffMember(server, email, role, password);
    const response = await putApplication(
      server.baseUrl,
      validApplication({
        firstName: 'Zelda',
        emailAddress: 'zelda@example.com',
      }),
      { key: randomUUID() },
    );
    zeldaId = ((await response.json()) as { id: string }).id;
    // A long log: one busy reviewer's moves, spread over the first ten days of March.
    const audit = createAuditLog(server.database);
    const entries = Array.from({ length: seeded }, (_, index) => ({
      actor: 'busy@example.org',
      action:
        index % 2 === 0 ? ('stage_moved' as const) : ('exported' as const),
      subject: index % 2 === 0 ? zeldaId : null,
      address: '192.0.2.7',
      detail: `entry ${index}`,
    }));
    for (let day = 0; day < 10; day += 1) {
      await audit.recordMany(entries.filter((_, index) => index % 10 === day));
      await server.database.db
        .updateTable('audit_log')
        .set({
          at: `2026-03-${String(day + 1).padStart(2, '0')}T12:00:00.000Z`,
        })
        .where('actor', '=', 'busy@example.org')
        .where('at', '>', '2026-04-01')
        .execute();
    }
  });
  afterAll(() => server.close());

  const as = (role: string, path: string, method = 'GET', body?: unknown) =>
    fetch(`${server.baseUrl}${path}`, {
      method,
      headers: {
        cookie: cookies[role] ?? '',
        origin: server.baseUrl,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const pageOf = async (query: string) => {
    const response = await as('admin', `/api/review/audit?${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as AuditPage;
  };
  /** Every entry a filter selects, read a page at a time as the workspace does. */
  const everyPage = async (filters: string, limit = 500) => {
    const entries: AuditPage['entries'] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const page = await pageOf(
        `${filters}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      entries.push(...page.entries);
      cursor = page.nextCursor;
      pages += 1;
    }
    return { entries, pages };
  };

  test('pages past 2,000 entries newest first, each entry once, with a cursor', async () => {
    const { entries, pages } = await everyPage('actor=busy%40example.org');
    expect(pages).toBe(5);
    expect(entries).toHaveLength(seeded);
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(seeded);
    const times = entries.map((entry) => entry.at);
    expect(times).toEqual([...times].sort().reverse());
    expect(times[0]).toBe('2026-03-10T12:00:00.000Z');
    expect(times.at(-1)).toBe('2026-03-01T12:00:00.000Z');
    expect(
      (await as('admin', '/api/review/audit?cursor=nonsense')).status,
    ).toBe(400);
    expect((await as('admin', '/api/review/audit?limit=501')).status).toBe(400);
  });

  test('filters by who, by what and by period, and names the application an entry is about', async () => {
    const moves = await everyPage(
      'actor=busy%40example.org&action=stage_moved',
    );
    expect(moves.entries).toHaveLength(seeded / 2);
    expect(moves.entries[0]).toMatchObject({
      action: 'stage_moved',
      subject: zeldaId,
      application: { id: zeldaId, name: 'Zelda Lovelace' },
    });
    const exports = await pageOf('actor=busy%40example.org&action=exported');
    expect(exports.entries[0]?.application).toBeNull();

    // Days 3 to 5 of March: three tenths of the entries.
    const period = await everyPage(
      'actor=busy%40example.org&from=2026-03-03T00:00:00.000Z&to=2026-03-06T00:00:00.000Z',
    );
    expect(period.entries).toHaveLength((seeded * 3) / 10);
    expect(
      new Set(period.entries.map((entry) => entry.at.slice(0, 10))),
    ).toEqual(new Set(['2026-03-03', '2026-03-04', '2026-03-05']));
    const nobody = await pageOf('actor=nobody%40example.org');
    expect(nobody).toEqual({ entries: [], nextCursor: null });
    expect((await as('admin', '/api/review/audit?action=napped')).status).toBe(
      400,
    );

    const actors = (await (
      await as('admin', '/api/review/audit/actors')
    ).json()) as { actors: string[] };
    expect(actors.actors).toEqual(
      expect.arrayContaining(['ada@example.org', 'busy@example.org']),
    );
  });

  test('a bulk move is one entry with its count and how the applications were chosen', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const response = await putApplication(
        server.baseUrl,
        validApplication({ emailAddress: `bulk-${index}@example.com` }),
        { key: randomUUID() },
      );
      ids.push(((await response.json()) as { id: string }).id);
    }
    expect(
      (
        await as('reviewer', '/api/review/applications/tags', 'POST', {
          ids,
          add: ['bulk'],
        })
      ).status,
    ).toBe(200);
    const moved = await as(
      'reviewer',
      '/api/review/applications/stage',
      'POST',
      {
        view: { tag: 'bulk' },
        expected: 3,
        stage: 'declined',
      },
    );
    expect(await endedJob(moved, (path) => as('reviewer', path))).toMatchObject(
      { state: 'done', moved: 3, withdrawn: 0 },
    );
    const { entries } = await pageOf('actor=rita%40example.org');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      action: 'stages_moved',
      count: 3,
      subject: null,
      detail: `→ declined; every one matching: tag bulk; call Creator Application · Visit Aldmere Coast (aldmere-creators)`,
    });
    expect(entries[1]?.action).toBe('sign_in');
  });

  test('exports what the filters select as CSV, which Excel reads as UTF-8, and records the export', async () => {
    const response = await as(
      'admin',
      '/api/review/audit.csv?actor=busy%40example.org&action=stage_moved',
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(
      'text/csv; charset=utf-8',
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parse(bytes, { bom: true }) as string[][];
    expect(header).toEqual([
      'At (UTC)',
      'Who',
      'What',
      'Action',
      'Detail',
      'Applications',
      'About',
      'Application',
      'From address',
    ]);
    expect(rows).toHaveLength(seeded / 2);
    // The newest moves: the busy reviewer moved on odd days, exported on even ones.
    expect(rows[0]).toEqual([
      '2026-03-09T12:00:00.000Z',
      'busy@example.org',
      'Moved an application',
      'stage_moved',
      expect.stringMatching(/^entry \d+$/),
      '',
      zeldaId,
      'Zelda Lovelace',
      '192.0.2.7',
    ]);
    const { entries } = await pageOf('action=exported&actor=ada%40example.org');
    expect(entries[0]?.detail).toBe(
      'audit log: actor busy@example.org, action stage_moved',
    );
  });

  test('is for admins only', async () => {
    for (const path of [
      '/api/review/audit',
      '/api/review/audit.csv',
      '/api/review/audit/actors',
    ])
      expect((await as('reviewer', path)).status).toBe(403);
  });
});
