import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { engines } from '../../../tests/support/databases.ts';
import {
  putApplication,
  validApplication,
} from '../../../tests/support/fixtures.ts';
import {
  instagramThrough,
  startGraphStandIn,
  type StandIn,
} from '../../../tests/support/reach-stand-ins.ts';
import { requestAs, staffMember } from '../../../tests/support/staff.ts';
import { startTestServer } from '../../../tests/support/test-server.ts';

const token = 'IGAAroutes-long-lived-token-0123456789';

describe.each(engines)('verified reach in the workspace on %s', (engine) => {
  let graph: StandIn;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let bare: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    graph = await startGraphStandIn({
      credential: token,
      handles: { 'ada.travels': { kind: 'account', followers: 15_300 } },
    });
    server = await startTestServer({
      engine,
      reach: instagramThrough(graph, token),
    });
    bare = await startTestServer({ engine });
  });
  afterAll(async () => {
    await server?.close();
    await bare?.close();
    await graph?.close();
  });

  const submitted = async (baseUrl: string) => {
    const response = await putApplication(baseUrl, validApplication(), {
      key: randomUUID(),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };

  test('an application is answered at once, its view carries the verified count once looked up, and Check again asks afresh', async () => {
    const id = await submitted(server.baseUrl);
    const as = requestAs(
      server,
      await staffMember(
        server,
        'rae@example.org',
        'reviewer',
        'a long passphrase 1',
      ),
    );
    const reachOf = async () =>
      (
        (await (await as('GET', `/api/review/applications/${id}`)).json()) as {
          reach: Array<{ status: string; verified: number | null }>;
        }
      ).reach;
    await vi.waitFor(
      async () =>
        expect(await reachOf()).toEqual([
          {
            platform: 'instagram',
            handle: 'ada.travels',
            stated: 12_000,
            verified: 15_300,
            engagementRate: null,
            checkedAt: expect.any(String),
            status: 'verified',
          },
        ]),
      { timeout: 15_000, interval: 20 },
    );
    const view = (await (
      await as('GET', `/api/review/applications/${id}`)
    ).json()) as { reachLookUps: unknown };
    // The platforms asked, never the credentials.
    expect(view.reachLookUps).toEqual(['instagram']);
    expect(JSON.stringify(view)).not.toContain(token);

    const again = await as('POST', `/api/review/applications/${id}/reach`);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({
      reach: [{ platform: 'instagram', status: 'pending' }],
    });
    await vi.waitFor(
      async () => expect((await reachOf())[0]?.status).toBe('verified'),
      { timeout: 15_000, interval: 20 },
    );
    expect(graph.answeredOf('ada.travels')).toBe(2);

    expect(
      (await as('POST', `/api/review/applications/${randomUUID()}/reach`))
        .status,
    ).toBe(404);
  });

  test('Check again needs a signed-in staff member, from the workspace’s own origin', async () => {
    const id = await submitted(server.baseUrl);
    const anonymous = await fetch(
      `${server.baseUrl}/api/review/applications/${id}/reach`,
      { method: 'POST', headers: { origin: server.baseUrl } },
    );
    expect(anonymous.status).toBe(401);
    const crossSite = requestAs(
      server,
      await staffMember(
        server,
        'sam@example.org',
        'reviewer',
        'a long passphrase 2',
      ),
      'https://evil.example',
    );
    const refused = await crossSite(
      'POST',
      `/api/review/applications/${id}/reach`,
    );
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: 'forbidden_origin' });
  });

  test('without credentials the view says unavailable and nothing is asked', async () => {
    const before = graph.calls();
    const id = await submitted(bare.baseUrl);
    const as = requestAs(
      bare,
      await staffMember(
        bare,
        'una@example.org',
        'reviewer',
        'a long passphrase 3',
      ),
    );
    const view = (await (
      await as('GET', `/api/review/applications/${id}`)
    ).json()) as { reach: unknown; reachLookUps: unknown };
    expect(view.reachLookUps).toEqual([]);
    expect(view.reach).toEqual([
      {
        platform: 'instagram',
        handle: 'ada.travels',
        stated: 12_000,
        verified: null,
        engagementRate: null,
        checkedAt: null,
        status: 'unavailable',
      },
    ]);
    expect(graph.calls()).toBe(before);
  });
});
