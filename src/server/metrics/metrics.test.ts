import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { engines } from '../../../tests/support/databases.ts';
import {
  exampleCall,
  exampleStepIds,
  putApplication,
  validApplication,
} from '../../../tests/support/fixtures.ts';
import { startTestServer } from '../../../tests/support/test-server.ts';

const metricsToken = 'test-metrics-token-0123456789abcdef';

const scrape = (baseUrl: string, authorization?: string) =>
  fetch(`${baseUrl}/metrics`, {
    headers: authorization ? { Authorization: authorization } : {},
  });

/** The value of the one sample whose name and labels start `line` (labels in their written order). */
function sampleOf(text: string, line: string): number | undefined {
  const found = text
    .split('\n')
    .find((candidate) => candidate.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.split(' ').at(-1));
}

test('without METRICS_TOKEN there is no /metrics', async () => {
  const server = await startTestServer();
  try {
    expect((await scrape(server.baseUrl)).status).toBe(404);
  } finally {
    await server.close();
  }
});

describe.each(engines)('GET /metrics on %s', (engine) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const read = async () => {
    const response = await scrape(server.baseUrl, `Bearer ${metricsToken}`);
    expect(response.status).toBe(200);
    return response.text();
  };
  beforeAll(async () => {
    server = await startTestServer({ engine, metricsToken });
  });
  afterAll(() => server.close());

  test('answers only its bearer token, without saying why', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token-0123456789abcdef',
      `Basic ${metricsToken}`,
      `Bearer ${metricsToken}x`,
    ]) {
      const response = await scrape(server.baseUrl, authorization);
      expect(response.status).toBe(401);
      const body = await response.text();
      expect(body).not.toContain('process_');
      expect(body).not.toContain(metricsToken);
    }
    const response = await scrape(server.baseUrl, `Bearer ${metricsToken}`);
    expect(response.headers.get('content-type')).toMatch(
      /^text\/plain; version=0\.0\.4/,
    );
    const text = await response.text();
    expect(text).toContain('# TYPE process_resident_memory_bytes gauge');
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
  });

  test('counts stored applications by call, once each, and times requests by route pattern', async () => {
    const before = await read();
    const stored = `applications_stored_total{call="${exampleCall}"}`;
    const timed = `http_request_duration_seconds_count{method="PUT",route="/api/syncPage/:pageId",status="201"}`;
    const key = randomUUID();
    expect(
      (await putApplication(server.baseUrl, validApplication(), { key }))
        .status,
    ).toBe(201);
    // The same submission again (a retry) stores nothing new.
    expect(
      (await putApplication(server.baseUrl, validApplication(), { key }))
        .status,
    ).toBe(200);
    await fetch(`${server.baseUrl}/api/no-such-route/ada@example.com`);
    const after = await read();
    expect(
      (sampleOf(after, stored) ?? 0) - (sampleOf(before, stored) ?? 0),
    ).toBe(1);
    expect((sampleOf(after, timed) ?? 0) - (sampleOf(before, timed) ?? 0)).toBe(
      1,
    );
    // An address without a route is counted under one name, never by what a client asked for.
    expect(after).toContain('route="unmatched",status="404"');
    expect(after).not.toContain('no-such-route');
    expect(after).not.toContain('ada@example.com');
  });

  test('counts insight events as they are stored', async () => {
    const counted = async () =>
      sampleOf(await read(), 'insight_events_total') ?? 0;
    const before = await counted();
    const response = await fetch(`${server.baseUrl}/api/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        call: exampleCall,
        visit: { id: randomUUID(), device: 'desktop' },
        events: [
          { type: 'visit', ms: 0 },
          { type: 'step', step: exampleStepIds[0], ms: 5 },
        ],
      }),
    });
    expect(response.status).toBe(204);
    expect((await counted()) - before).toBe(2);
  });

  test('reads the outbox from the database when scraped', async () => {
    const minutesAgo = (minutes: number) =>
      new Date(Date.now() - minutes * 60_000).toISOString();
    const message = (status: 'pending' | 'failed' | 'sent', age: number) => ({
      id: randomUUID(),
      channel: 'webhook' as const,
      purpose: 'application.received',
      application_id: null,
      recipient: 'https://hooks.example.org/in',
      content: '{}',
      dedupe_key: null,
      status,
      created_at: minutesAgo(age),
      // Due in a day: the delivery worker leaves them alone while the test reads them.
      next_attempt_at: new Date(Date.now() + 86_400_000).toISOString(),
      give_up_at: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      locked_until: null,
      sent_at: null,
      last_error: null,
      content_erased_at: null,
    });
    await server.database.db
      .insertInto('outbox')
      .values([
        message('pending', 30),
        message('pending', 5),
        message('failed', 90),
        message('sent', 600),
      ])
      .execute();
    const text = await read();
    expect(sampleOf(text, 'outbox_messages{state="pending"}')).toBe(2);
    expect(sampleOf(text, 'outbox_messages{state="failed"}')).toBe(1);
    const oldest = sampleOf(text, 'outbox_oldest_pending_seconds') ?? 0;
    expect(oldest).toBeGreaterThanOrEqual(30 * 60);
    expect(oldest).toBeLessThan(90 * 60);
  });

  test('counts failed queries, but not a refused duplicate key', async () => {
    const counted = async () =>
      sampleOf(await read(), 'database_errors_total') ?? 0;
    const before = await counted();
    await expect(
      sql`select * from no_such_table`.execute(server.database.db),
    ).rejects.toThrow();
    const duplicate = { id: 7, probed_at: new Date().toISOString() };
    await server.database.db
      .insertInto('health_probe')
      .values(duplicate)
      .execute();
    await expect(
      server.database.db.insertInto('health_probe').values(duplicate).execute(),
    ).rejects.toThrow();
    expect((await counted()) - before).toBe(1);
  });
});
