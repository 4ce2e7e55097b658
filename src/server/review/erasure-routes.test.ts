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

describe.each(engines)("the admin's actions on %s", (engine) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer({ engine });
    for (const [email, role] of [
      ['ada@example.org', 'admin'],
      ['rita@example.org', 'reviewer'],
    ] as const)
      cookies[role] = await staffMember(server, email, role, password);
  });
  afterAll(() => server.close());

  const as = (role: string, method: string, path: string) =>
    fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { cookie: cookies[role] ?? '', origin: server.baseUrl },
    });

  test('a reviewer is refused erasure and the audit log; an admin erases and the audit keeps no answer', async () => {
    const response = await putApplication(
      server.baseUrl,
      validApplication({
        firstName: 'Zelda',
        emailAddress: 'zelda@example.com',
      }),
      { key: randomUUID() },
    );
    const { id } = (await response.json()) as { id: string };

    expect(
      (await as('reviewer', 'DELETE', `/api/review/applications/${id}`)).status,
    ).toBe(403);
    expect((await as('reviewer', 'GET', '/api/review/audit')).status).toBe(403);
    expect(
      (await as('reviewer', 'GET', `/api/review/applications/${id}`)).status,
    ).toBe(200);

    expect(
      (await as('admin', 'DELETE', `/api/review/applications/${id}`)).status,
    ).toBe(204);
    expect(
      (await as('admin', 'GET', `/api/review/applications/${id}`)).status,
    ).toBe(404);
    expect(
      (await as('admin', 'DELETE', `/api/review/applications/${id}`)).status,
    ).toBe(404);
    const audit = (await (
      await as('admin', 'GET', '/api/review/audit')
    ).json()) as {
      entries: Array<{ actor: string; action: string; subject: string }>;
    };
    expect(audit.entries[0]).toMatchObject({
      actor: 'ada@example.org',
      action: 'erased',
      subject: id,
    });
    expect(audit.entries.map((entry) => entry.action)).toContain('sign_in');
    expect(JSON.stringify(audit)).not.toMatch(/zelda/i);
  });
});
