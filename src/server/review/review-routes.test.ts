import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { endedJob } from '../../../tests/support/bulk-jobs.ts';
import { engines } from '../../../tests/support/databases.ts';
import {
  adminToken,
  putApplication,
  validApplication,
} from '../../../tests/support/fixtures.ts';
import { staffMember } from '../../../tests/support/staff.ts';
import { startTestServer } from '../../../tests/support/test-server.ts';

const password = 'a long enough secret';

describe.each(engines)('the workspace on %s', (engine) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let cookie = '';

  beforeAll(async () => {
    server = await startTestServer({ engine });
    cookie = await staffMember(
      server,
      'rita@example.org',
      'reviewer',
      password,
    );
    for (const firstName of ['Ada', 'Grace', 'Hedy'])
      await putApplication(
        server.baseUrl,
        validApplication({
          firstName,
          emailAddress: `${firstName.toLowerCase()}@example.com`,
        }),
        {
          key: randomUUID(),
        },
      );
  });
  afterAll(() => server.close());

  const get = (path: string, headers: Record<string, string> = { cookie }) =>
    fetch(`${server.baseUrl}${path}`, { headers, redirect: 'manual' });
  const send = (method: string, path: string, body: unknown, as = cookie) =>
    fetch(`${server.baseUrl}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        origin: server.baseUrl,
        cookie: as,
      },
      body: JSON.stringify(body),
    });
  const idOf = async (search: string) => {
    const { items } = (await (
      await get(`/api/review/applications?search=${search}`)
    ).json()) as { items: Array<{ id: string }> };
    return items[0]?.id ?? '';
  };
  type Detail = {
    stage: string;
    votes: Array<{ email: string; value: number }>;
    notes: Array<{ author: string; body: string }>;
    history: Array<{ actor: string; from: string; to: string }>;
  };

  test('signed out, every workspace address leads to sign-in and names the way back', async () => {
    const response = await get('/review/anything?open=42', {});
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(
      '/review/sign-in?next=%2Freview%2Fanything%3Fopen%3D42',
    );
    const signIn = await get('/review/sign-in', {});
    expect(signIn.status).toBe(200);
    expect(await signIn.text()).toContain('id="review-root"');
  });

  test('signed in, the sign-in page leads on to the address asked for, and never off the site', async () => {
    expect(
      (await get('/review/sign-in?next=%2Freview%3Fopen%3D7')).headers.get(
        'location',
      ),
    ).toBe('/review?open=7');
    for (const next of [
      'https://evil.example/review',
      '//evil.example',
      '/admin',
    ])
      expect(
        (
          await get(`/review/sign-in?next=${encodeURIComponent(next)}`)
        ).headers.get('location'),
      ).toBe('/review');
    const page = await get('/review');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain('<title>Applications · Visit Aldmere Coast</title>');
    expect(html).toContain('"organisation":"Visit Aldmere Coast"');
  });

  test('lists applications newest first, searches, and pages with a cursor', async () => {
    const first = (await (
      await get('/api/review/applications?limit=2')
    ).json()) as {
      items: Array<{ name: string }>;
      nextCursor: string;
    };
    expect(first.items.map((item) => item.name)).toEqual([
      'Hedy Lovelace',
      'Grace Lovelace',
    ]);
    const rest = (await (
      await get(`/api/review/applications?limit=2&cursor=${first.nextCursor}`)
    ).json()) as { items: Array<{ name: string }>; nextCursor: null };
    expect(rest).toMatchObject({
      items: [{ name: 'Ada Lovelace', stage: 'new', netVotes: 0 }],
      nextCursor: null,
    });
    const found = (await (
      await get('/api/review/applications?search=GRACE')
    ).json()) as {
      items: Array<{ name: string }>;
    };
    expect(found.items.map((item) => item.name)).toEqual(['Grace Lovelace']);
    const tooFew = await get('/api/review/applications?limit=0&colour=blue');
    expect(tooFew.status).toBe(400);
    expect(await tooFew.json()).toEqual({
      error: 'validation',
      issues: [
        { path: 'limit', message: 'At least 1' },
        { path: 'colour', message: 'Unknown key' },
      ],
    });
    expect((await get('/api/review/applications?cursor=nonsense')).status).toBe(
      400,
    );
  });

  test('reads one application with its answers under their questions, grouped by step', async () => {
    const { items } = (await (
      await get('/api/review/applications?search=ada@')
    ).json()) as {
      items: Array<{ id: string }>;
    };
    const response = await get(`/api/review/applications/${items[0]?.id}`);
    const application = (await response.json()) as {
      name: string;
      answers: Array<{
        step: string;
        answers: Array<{ question: string; text: string }>;
      }>;
    };
    expect(application.name).toBe('Ada Lovelace');
    expect(application.answers[0]).toMatchObject({
      step: 'General Information',
      answers: expect.arrayContaining([
        { key: 'personalInfo.firstName', question: 'First Name', text: 'Ada' },
      ]),
    });
    expect((await get(`/api/review/applications/${randomUUID()}`)).status).toBe(
      404,
    );
  });

  test('exports every application as CSV, questions as headers, and records who exported', async () => {
    const response = await get('/api/review/applications.csv');
    expect(response.headers.get('content-type')).toBe(
      'text/csv; charset=utf-8',
    );
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="applications-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const [questions, keys] = (await response.text()).split('\r\n');
    expect(questions).toContain('First Name');
    expect(keys).toContain('personalInfo.firstName');
    expect((await get('/api/review/applications.csv', {})).status).toBe(401);
    const exported = await server.database.db
      .selectFrom('audit_log')
      .select(['actor', 'action'])
      .where('action', '=', 'exported')
      .execute();
    expect(exported).toEqual([
      { actor: 'rita@example.org', action: 'exported' },
    ]);
  });

  test('refuses the API signed out, and takes the automation token instead of a session', async () => {
    expect((await get('/api/review/applications', {})).status).toBe(401);
    expect(
      (
        await get('/api/review/applications', {
          authorization: `Bearer ${adminToken}`,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await get('/api/review/applications', {
          authorization: 'Bearer wrong-token-wrong-token-wrong',
        })
      ).status,
    ).toBe(401);
  });

  test('moves an application between stages, counts each stage, and records every move', async () => {
    const grace = await idOf('grace');
    const moved = await send(
      'POST',
      `/api/review/applications/${grace}/stage`,
      {
        stage: 'shortlisted',
      },
    );
    expect(await moved.json()).toMatchObject({
      from: 'new',
      to: 'shortlisted',
      actor: 'rita@example.org',
    });
    await send('POST', `/api/review/applications/${grace}/stage`, {
      stage: 'accepted',
    });

    const listed = (await (
      await get('/api/review/applications?stage=accepted')
    ).json()) as {
      items: Array<{ name: string; stage: string }>;
      counts: Record<string, number>;
    };
    expect(listed.items).toEqual([
      expect.objectContaining({ name: 'Grace Lovelace', stage: 'accepted' }),
    ]);
    expect(listed.counts).toEqual({
      new: 2,
      shortlisted: 0,
      accepted: 1,
      declined: 0,
      withdrawn: 0,
    });
    const detail = (await (
      await get(`/api/review/applications/${grace}`)
    ).json()) as Detail;
    expect(detail.stage).toBe('accepted');
    expect(detail.history.map((move) => `${move.from}→${move.to}`)).toEqual([
      'shortlisted→accepted',
      'new→shortlisted',
    ]);
    expect(
      (
        await send('POST', `/api/review/applications/${grace}/stage`, {
          stage: 'won',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await send('POST', `/api/review/applications/${randomUUID()}/stage`, {
          stage: 'new',
        })
      ).status,
    ).toBe(404);
  });

  test('moves several applications at once, each recorded, skipping ids that are gone', async () => {
    const [grace, hedy] = [await idOf('grace'), await idOf('hedy')];
    const response = await send('POST', '/api/review/applications/stage', {
      ids: [grace, hedy, randomUUID()],
      stage: 'declined',
    });
    expect(await response.json()).toEqual({ moved: 2, withdrawn: 0 });
    for (const id of [grace, hedy]) {
      const detail = (await (
        await get(`/api/review/applications/${id}`)
      ).json()) as Detail;
      expect(detail.stage).toBe('declined');
      expect(detail.history[0]).toMatchObject({
        to: 'declined',
        actor: 'rita@example.org',
      });
    }
    expect(
      (
        await send('POST', '/api/review/applications/stage', {
          ids: [],
          stage: 'new',
        })
      ).status,
    ).toBe(400);
    await send('POST', '/api/review/applications/stage', {
      ids: [grace, hedy],
      stage: 'new',
    });
  });

  test('tags one or several applications, filters the inbox by a tag, and takes tags off', async () => {
    const [grace, hedy] = [await idOf('grace'), await idOf('hedy')];
    const tagged = await send('POST', '/api/review/applications/tags', {
      ids: [grace, hedy],
      add: ['Food ', 'food', 'press trip'],
    });
    expect(await tagged.json()).toEqual({ tagged: 2 });
    const detail = (await (
      await get(`/api/review/applications/${grace}`)
    ).json()) as {
      tags: string[];
    };
    expect(detail.tags).toEqual(['food', 'press trip']);
    await send('POST', '/api/review/applications/tags', {
      ids: [hedy],
      remove: ['FOOD'],
    });
    const withFood = (await (
      await get('/api/review/applications?tag=food')
    ).json()) as {
      items: Array<{ name: string }>;
    };
    expect(withFood.items.map((item) => item.name)).toEqual(['Grace Lovelace']);
    expect(withFood.items[0]).toMatchObject({ tags: ['food', 'press trip'] });
    expect(
      (
        await send('POST', '/api/review/applications/tags', {
          ids: [grace],
          add: ['  '],
        })
      ).status,
    ).toBe(400);
  });

  test('acts on every application of a view only while as many match as the person saw counted', async () => {
    const everyone = await Promise.all(
      ['ada', 'grace', 'hedy'].map((name) => idOf(`${name}@example.com`)),
    );
    await send('POST', '/api/review/applications/tags', {
      ids: everyone,
      add: ['batch'],
    });
    const bulkEntries = () =>
      server.database.db
        .selectFrom('audit_log')
        .select(['actor', 'subject', 'count', 'detail'])
        .where('action', '=', 'stages_moved')
        .where('count', '=', 3)
        .orderBy('detail')
        .execute();
    expect(await bulkEntries()).toEqual([]);
    const moved = await send('POST', '/api/review/applications/stage', {
      view: { tag: 'batch', stage: 'new' },
      expected: 3,
      stage: 'shortlisted',
    });
    expect(
      await endedJob(moved, (path) => send('GET', path, undefined)),
    ).toMatchObject({
      state: 'done',
      moved: 3,
      withdrawn: 0,
    });
    const stale = await send('POST', '/api/review/applications/stage', {
      view: { tag: 'batch' },
      expected: 2,
      stage: 'new',
    });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { message: string }).message).toBe(
      '3 applications match now, not 2: the list changed. Check it and try again.',
    );
    for (const ambiguous of [
      { ids: everyone, view: { tag: 'batch' }, expected: 3, stage: 'new' },
      { view: { tag: 'batch' }, stage: 'new' },
      { stage: 'new' },
    ])
      expect(
        (await send('POST', '/api/review/applications/stage', ambiguous))
          .status,
      ).toBe(400);
    const untagged = await send('POST', '/api/review/applications/tags', {
      view: { stage: 'shortlisted', tag: 'batch' },
      expected: 3,
      remove: ['batch'],
    });
    expect(await untagged.json()).toEqual({ tagged: 3 });
    const restored = await send('POST', '/api/review/applications/stage', {
      ids: everyone,
      stage: 'new',
    });
    expect(await restored.json()).toEqual({ moved: 3, withdrawn: 0 });
    // The audit log has one entry per bulk move, with its count and how the applications were chosen.
    expect(await bulkEntries()).toEqual([
      {
        actor: 'rita@example.org',
        subject: null,
        count: 3,
        detail:
          '→ new; 3 selected; call Creator Application · Visit Aldmere Coast (aldmere-creators)',
      },
      {
        actor: 'rita@example.org',
        subject: null,
        count: 3,
        detail: `→ shortlisted; every one matching: stage new, tag batch; call Creator Application · Visit Aldmere Coast (aldmere-creators)`,
      },
    ]);
  });

  test('exports the view on screen, or the applications selected, and audits a search without its words', async () => {
    const grace = await idOf('grace');
    const rowsOf = async (response: Response) =>
      (await response.text()).split('\r\n').filter(Boolean).slice(2);
    const searched = await rowsOf(
      await get('/api/review/applications.csv?search=grace&stage=new'),
    );
    expect(searched).toHaveLength(1);
    expect(searched[0]).toContain(grace);
    const chosen = await rowsOf(
      await send('POST', '/api/review/applications/export', { ids: [grace] }),
    );
    expect(chosen).toHaveLength(1);
    expect(chosen[0]).toContain(grace);
    const details = await server.database.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'exported')
      .orderBy('at', 'desc')
      .limit(2)
      .execute();
    expect(details.map((entry) => entry.detail).sort()).toEqual([
      '1 selected; call Creator Application · Visit Aldmere Coast (aldmere-creators)',
      'stage new, a search',
    ]);
    expect((await get('/api/review/applications.csv?colour=blue')).status).toBe(
      400,
    );
  });

  test('keeps one vote per person, sums them in the inbox, and lets a vote be withdrawn', async () => {
    const hedy = await idOf('hedy');
    const samCookie = await staffMember(
      server,
      'sam@example.org',
      'reviewer',
      password,
    );
    const netVotes = async () =>
      (
        (await (await get('/api/review/applications?search=hedy')).json()) as {
          items: Array<{ netVotes: number }>;
        }
      ).items[0]?.netVotes;

    expect(
      (await send('PUT', `/api/review/applications/${hedy}/vote`, { value: 1 }))
        .status,
    ).toBe(204);
    await send('PUT', `/api/review/applications/${hedy}/vote`, { value: 1 });
    await send(
      'PUT',
      `/api/review/applications/${hedy}/vote`,
      { value: 1 },
      samCookie,
    );
    expect(await netVotes()).toBe(2);
    await send(
      'PUT',
      `/api/review/applications/${hedy}/vote`,
      { value: -1 },
      samCookie,
    );
    expect(await netVotes()).toBe(0);
    const detail = (await (
      await get(`/api/review/applications/${hedy}`)
    ).json()) as Detail;
    expect(detail.votes).toEqual([
      { email: 'rita@example.org', value: 1 },
      { email: 'sam@example.org', value: -1 },
    ]);
    await send('PUT', `/api/review/applications/${hedy}/vote`, { value: 0 });
    expect(await netVotes()).toBe(-1);
    expect(
      (await send('PUT', `/api/review/applications/${hedy}/vote`, { value: 2 }))
        .status,
    ).toBe(400);
    const byToken = await fetch(
      `${server.baseUrl}/api/review/applications/${hedy}/vote`,
      {
        method: 'PUT',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${adminToken}`,
        },
        body: JSON.stringify({ value: 1 }),
      },
    );
    expect(byToken.status).toBe(403);
  });

  test('keeps internal notes with author and time, newest first, and goes with an erased application', async () => {
    const ada = await idOf('ada@');
    expect(
      (
        await send('POST', `/api/review/applications/${ada}/notes`, {
          body: '   ',
        })
      ).status,
    ).toBe(400);
    const first = await send('POST', `/api/review/applications/${ada}/notes`, {
      body: 'Strong food angle.',
    });
    expect(first.status).toBe(201);
    await send('POST', `/api/review/applications/${ada}/notes`, {
      body: 'Call her.',
    });
    await send('PUT', `/api/review/applications/${ada}/vote`, { value: 1 });
    await send('POST', '/api/review/applications/tags', {
      ids: [ada],
      add: ['food'],
    });
    await send('POST', `/api/review/applications/${ada}/stage`, {
      stage: 'declined',
    });
    const detail = (await (
      await get(`/api/review/applications/${ada}`)
    ).json()) as Detail;
    expect(detail.notes.map((note) => `${note.author}: ${note.body}`)).toEqual([
      'rita@example.org: Call her.',
      'rita@example.org: Strong food angle.',
    ]);

    const erased = await fetch(`${server.baseUrl}/api/applications/${ada}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(erased.status).toBe(204);
    for (const table of ['notes', 'votes', 'stage_moves', 'tags'] as const) {
      const left = await server.database.db
        .selectFrom(table)
        .select('application_id')
        .where('application_id', '=', ada)
        .execute();
      expect(left).toEqual([]);
    }
  });
});
