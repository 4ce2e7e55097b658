import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { engines } from '../../../tests/support/databases.ts';
import {
  putApplication,
  validApplication,
} from '../../../tests/support/fixtures.ts';
import { staffMember } from '../../../tests/support/staff.ts';
import { startTestServer } from '../../../tests/support/test-server.ts';

const password = 'a long enough secret';

describe.each(engines)('erasing a selection on %s', (engine) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let admin = '';
  let reviewer = '';

  beforeAll(async () => {
    server = await startTestServer({ engine });
    admin = await staffMember(server, 'ann@example.org', 'admin', password);
    reviewer = await staffMember(
      server,
      'rita@example.org',
      'reviewer',
      password,
    );
    for (const firstName of ['Ada', 'Grace', 'Hedy', 'Mary', 'Emmy'])
      await putApplication(
        server.baseUrl,
        validApplication({
          firstName,
          emailAddress: `${firstName.toLowerCase()}@example.com`,
        }),
        { key: randomUUID() },
      );
  });
  afterAll(() => server.close());

  const erase = (
    body: unknown,
    {
      as = admin,
      origin = server.baseUrl,
    }: { as?: string; origin?: string } = {},
  ) =>
    fetch(`${server.baseUrl}/api/review/applications/erase`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, cookie: as },
      body: JSON.stringify(body),
    });
  const idsNamed = async (...firstNames: string[]) => {
    const rows = await server.database.db
      .selectFrom('applications')
      .select(['id', 'full_name'])
      .execute();
    return rows
      .filter((row) =>
        firstNames.some((name) => row.full_name.startsWith(name)),
      )
      .map((row) => row.id);
  };
  const count = async () => server.repository.count();
  const auditEntries = () =>
    server.database.db
      .selectFrom('audit_log')
      .select(['actor', 'count', 'detail'])
      .where('action', '=', 'applications_erased')
      .execute();

  test('a reviewer may not, nor a request from another origin; nothing is erased', async () => {
    const ids = await idsNamed('Ada');
    const byReviewer = await erase({ ids }, { as: reviewer });
    expect(byReviewer.status).toBe(403);
    expect(await byReviewer.json()).toMatchObject({ error: 'forbidden_role' });
    const crossSite = await erase({ ids }, { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toMatchObject({ error: 'forbidden_origin' });
    expect(await count()).toBe(5);
    expect(await auditEntries()).toEqual([]);
  });

  test('an admin erases the chosen ones with everything about them, in one audit entry with the count', async () => {
    const response = await erase({ ids: await idsNamed('Ada', 'Grace') });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ erased: 2, isScrubbing: false });
    expect(await idsNamed('Ada', 'Grace')).toEqual([]);
    expect(await count()).toBe(3);
    expect(await auditEntries()).toEqual([
      {
        actor: 'ann@example.org',
        count: 2,
        detail:
          '2 selected; call Creator Application · Visit Aldmere Coast (aldmere-creators)',
      },
    ]);
  });

  test('every one matching a view, only while as many match as the admin was shown', async () => {
    const stale = await erase({ view: { stage: 'new' }, expected: 4 });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ error: 'selection_changed' });
    expect(await count()).toBe(3);
    const response = await erase({ view: { stage: 'new' }, expected: 3 });
    expect(await response.json()).toEqual({ erased: 3, isScrubbing: false });
    expect(await count()).toBe(0);
    expect((await auditEntries()).map((entry) => entry.detail)).toContain(
      'every one matching: stage new; call Creator Application · Visit Aldmere Coast (aldmere-creators)',
    );
  });

  test('a body that names nothing is refused with what is wrong', async () => {
    const response = await erase({});
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: 'validation',
      issues: [{ path: 'ids' }],
    });
  });
});
