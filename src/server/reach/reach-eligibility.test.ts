import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { engines } from '../../../tests/support/databases.ts';
import {
  exampleConfig,
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

const token = 'IGAAeligibility-long-lived-token-0123456789';
const slug = exampleConfig().pageId;

describe.each(engines)('a call’s minFollowers on %s', (engine) => {
  let graph: StandIn;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let as: ReturnType<typeof requestAs>;
  beforeAll(async () => {
    // The applicant typed 12,000; Instagram counts 8,000.
    graph = await startGraphStandIn({
      credential: token,
      handles: { 'ada.travels': { kind: 'account', followers: 8_000 } },
    });
    server = await startTestServer({
      engine,
      reach: instagramThrough(graph, token),
    });
    as = requestAs(
      server,
      await staffMember(
        server,
        'ada@example.org',
        'admin',
        'a long passphrase 1',
      ),
    );
  });
  afterAll(async () => {
    await server?.close();
    await graph?.close();
  });

  const setRules = async (minFollowers: number) =>
    expect(
      (
        await as('PATCH', `/api/review/calls/${slug}`, {
          eligibility: { minFollowers },
        })
      ).status,
    ).toBe(200);
  const viewOf = async (id: string) =>
    (await (await as('GET', `/api/review/applications/${id}`)).json()) as {
      eligible: boolean;
      eligibility: string[];
      reach: Array<{ status: string }>;
    };

  test('reads the platform’s own count once it arrives, and again when the rules change', async () => {
    await setRules(10_000);
    const response = await putApplication(server.baseUrl, validApplication(), {
      key: randomUUID(),
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };

    // Instagram's 8,000 is below the rule the typed 12,000 met.
    await vi.waitFor(
      async () => expect((await viewOf(id)).reach[0]?.status).toBe('verified'),
      { timeout: 15_000, interval: 20 },
    );
    expect(await viewOf(id)).toMatchObject({
      eligible: false,
      eligibility: ['Fewer than 10,000 followers on every platform'],
    });

    // The typed count meets 9,000; the platform's does not.
    await setRules(9_000);
    expect(await viewOf(id)).toMatchObject({
      eligible: false,
      eligibility: ['Fewer than 9,000 followers on every platform'],
    });
    await setRules(8_000);
    expect(await viewOf(id)).toMatchObject({ eligible: true, eligibility: [] });
  });
});
