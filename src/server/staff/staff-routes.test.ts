import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { engines } from '../../../tests/support/databases.ts';
import {
  sessionCookieOf,
  signedIn,
  staffMember,
} from '../../../tests/support/staff.ts';
import { startTestServer } from '../../../tests/support/test-server.ts';
import {
  createStaffInvitations,
  invitationLifetimeMs,
} from './staff-invitations.ts';

const password = 'a long enough secret';

describe.each(engines)('staff management and invitations on %s', (engine) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer({ engine });
    cookies.admin = await staffMember(
      server,
      'ada@example.org',
      'admin',
      password,
    );
    cookies.reviewer = await staffMember(
      server,
      'rita@example.org',
      'reviewer',
      password,
    );
  });
  afterAll(() => server.close());

  const send = (
    method: string,
    path: string,
    body?: unknown,
    cookie = cookies.admin ?? '',
  ) =>
    fetch(`${server.baseUrl}${path}`, {
      method,
      headers: {
        origin: server.baseUrl,
        cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? null : JSON.stringify(body),
    });
  const invite = async (email: string, role = 'reviewer') => {
    const response = await send('POST', '/api/review/invitations', {
      email,
      role,
    });
    expect(response.status).toBe(201);
    const { link } = (await response.json()) as { link: string };
    return new URL(link).hash.slice(1);
  };
  type Staff = {
    accounts: Array<{ id: string; email: string; role: string }>;
    invitations: Array<{ id: string; email: string; role: string }>;
  };
  const staff = async () =>
    (await (await send('GET', '/api/review/staff')).json()) as Staff;
  const auditOf = async (action: string) =>
    server.database.db
      .selectFrom('audit_log')
      .select(['actor', 'subject', 'detail'])
      .where('action', '=', action)
      .execute();

  test('an invited person sets their own password once, through a link that names them, and is signed in', async () => {
    const response = await send('POST', '/api/review/invitations', {
      email: ' Grace@Example.org ',
      role: 'reviewer',
    });
    const { link, invitation } = (await response.json()) as {
      link: string;
      invitation: { email: string; expiresAt: string; createdAt: string };
    };
    expect(link).toMatch(
      new RegExp(`^${server.baseUrl}/review/join#[A-Za-z0-9_-]{43}$`),
    );
    expect(invitation.email).toBe('grace@example.org');
    expect(
      Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt),
    ).toBe(72 * 60 * 60 * 1000);
    const token = new URL(link).hash.slice(1);
    expect((await staff()).invitations).toEqual([
      expect.objectContaining({ email: 'grace@example.org', role: 'reviewer' }),
    ]);

    const opened = await send('POST', '/api/review/invitation', { token }, '');
    expect(await opened.json()).toMatchObject({
      email: 'grace@example.org',
      role: 'reviewer',
    });
    const short = await send(
      'POST',
      '/api/review/invitation/accept',
      { token, password: 'too short' },
      '',
    );
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({
      issues: [
        {
          path: 'password',
          message: 'The password must be at least 12 characters.',
        },
      ],
    });

    const accepted = await send(
      'POST',
      '/api/review/invitation/accept',
      { token, password },
      '',
    );
    expect(accepted.status).toBe(201);
    const me = await fetch(`${server.baseUrl}/api/review/session`, {
      headers: { cookie: sessionCookieOf(accepted) },
    });
    expect(await me.json()).toEqual({
      email: 'grace@example.org',
      role: 'reviewer',
      mustEnrol: false,
    });
    for (const path of [
      '/api/review/invitation',
      '/api/review/invitation/accept',
    ])
      expect((await send('POST', path, { token, password }, '')).status).toBe(
        path.endsWith('accept') ? 410 : 400,
      );
    expect(
      (await send('POST', '/api/review/invitation', { token }, '')).status,
    ).toBe(410);
    expect((await staff()).invitations).toEqual([]);
    expect(await auditOf('staff_invited')).toEqual([
      {
        actor: 'ada@example.org',
        subject: 'grace@example.org',
        detail: 'reviewer',
      },
    ]);
    expect(await auditOf('staff_added')).toEqual([
      {
        actor: 'grace@example.org',
        subject: 'grace@example.org',
        detail: 'by invitation, reviewer',
      },
    ]);
  });

  test('a link stops working after 72 hours, when revoked, or when a newer one is made for the address', async () => {
    const invitations = createStaffInvitations(server.database);
    const later = createStaffInvitations(
      server.database,
      () => new Date(Date.now() + invitationLifetimeMs + 1000),
    );
    const first = await invite('hedy@example.org');
    expect(await invitations.find(first)).toBeDefined();
    expect(await later.find(first)).toBeUndefined();
    expect(await later.accept(first, password)).toBeUndefined();

    const second = await invite('hedy@example.org', 'admin');
    expect(await invitations.find(first)).toBeUndefined();
    const pending = (await staff()).invitations;
    expect(pending).toEqual([
      expect.objectContaining({ email: 'hedy@example.org', role: 'admin' }),
    ]);
    expect(
      (await send('DELETE', `/api/review/invitations/${pending[0]?.id}`))
        .status,
    ).toBe(204);
    expect(
      (await send('POST', '/api/review/invitation', { token: second }, ''))
        .status,
    ).toBe(410);
    expect(
      (
        await send('POST', '/api/review/invitations', {
          email: 'rita@example.org',
          role: 'admin',
        })
      ).status,
    ).toBe(400);
  });

  test('an admin changes roles and removes accounts, never the last admin; a reviewer may do neither', async () => {
    const rita = (await staff()).accounts.find(
      (account) => account.email === 'rita@example.org',
    );
    const ada = (await staff()).accounts.find(
      (account) => account.email === 'ada@example.org',
    );
    for (const [method, path, body] of [
      ['GET', '/api/review/staff', undefined],
      [
        'POST',
        '/api/review/invitations',
        { email: 'x@example.org', role: 'admin' },
      ],
      ['PATCH', `/api/review/staff/${ada?.id}`, { role: 'reviewer' }],
      ['DELETE', `/api/review/staff/${ada?.id}`, undefined],
    ] as const)
      expect((await send(method, path, body, cookies.reviewer)).status).toBe(
        403,
      );

    const lastAdmin = await send('PATCH', `/api/review/staff/${ada?.id}`, {
      role: 'reviewer',
    });
    expect(lastAdmin.status).toBe(400);
    expect(await lastAdmin.json()).toMatchObject({
      issues: [
        {
          message:
            'The workspace needs at least one admin: make another admin first.',
        },
      ],
    });
    expect((await send('DELETE', `/api/review/staff/${ada?.id}`)).status).toBe(
      400,
    );

    const promoted = await send('PATCH', `/api/review/staff/${rita?.id}`, {
      role: 'admin',
    });
    expect(await promoted.json()).toMatchObject({ role: 'admin' });
    // The role is read on every request: the open session is an admin's at once.
    expect(
      (await send('GET', '/api/review/staff', undefined, cookies.reviewer))
        .status,
    ).toBe(200);
    expect((await send('DELETE', `/api/review/staff/${rita?.id}`)).status).toBe(
      204,
    );
    expect(
      (await send('GET', '/api/review/staff', undefined, cookies.reviewer))
        .status,
    ).toBe(401);
    expect(await signedIn(server, 'rita@example.org', password)).toBe('');
    expect(await auditOf('role_changed')).toEqual([
      {
        actor: 'ada@example.org',
        subject: 'rita@example.org',
        detail: 'admin',
      },
    ]);
    expect(await auditOf('staff_removed')).toEqual([
      { actor: 'ada@example.org', subject: 'rita@example.org', detail: null },
    ]);
  });

  test('refuses to take up an invitation from another site', async () => {
    const token = await invite('mallory-target@example.org');
    const response = await fetch(
      `${server.baseUrl}/api/review/invitation/accept`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: 'https://attacker.example',
        },
        body: JSON.stringify({ token, password }),
      },
    );
    expect(response.status).toBe(403);
    expect((await staff()).invitations).toHaveLength(1);
  });
});
