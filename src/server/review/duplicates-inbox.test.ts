import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readExport } from '../../../tests/support/csv.ts';
import { engines } from '../../../tests/support/databases.ts';
import {
  putApplication,
  validApplication,
} from '../../../tests/support/fixtures.ts';
import { requestAs, staffMember } from '../../../tests/support/staff.ts';
import { startTestServer } from '../../../tests/support/test-server.ts';

describe.each(engines)(
  'second applications in the workspace on %s',
  (engine) => {
    let server: Awaited<ReturnType<typeof startTestServer>>;
    let send: ReturnType<typeof requestAs>;
    let first = '';
    let second = '';

    beforeAll(async () => {
      server = await startTestServer({ engine });
      send = requestAs(
        server,
        await staffMember(
          server,
          'rita@example.org',
          'reviewer',
          'a long enough secret',
        ),
      );
      const apply = async (emailAddress: string) =>
        (
          (await (
            await putApplication(
              server.baseUrl,
              validApplication({ emailAddress }),
              { key: randomUUID() },
            )
          ).json()) as { id: string }
        ).id;
      first = await apply('ada.lovelace@example.com');
      second = await apply('Ada.Lovelace+again@example.com');
      await apply('grace@example.com');
    });
    afterAll(() => server.close());

    type Inbox = {
      items: Array<{ id: string; duplicateOf: string | null }>;
      counts: Record<string, number>;
    };
    const inbox = async (query = '') =>
      (await (
        await send('GET', `/api/review/applications${query}`)
      ).json()) as Inbox;

    test('the inbox and its counts show each person once, and both applications with duplicates=yes', async () => {
      const hidden = await inbox();
      expect(hidden.items.map((item) => item.id)).not.toContain(second);
      expect(hidden.items).toHaveLength(2);
      expect(hidden.counts.new).toBe(2);
      const shown = await inbox('?duplicates=yes');
      expect(shown.items).toHaveLength(3);
      expect(shown.counts.new).toBe(3);
      expect(shown.items.find((item) => item.id === second)?.duplicateOf).toBe(
        first,
      );
      const refused = await send(
        'GET',
        '/api/review/applications?duplicates=no',
      );
      expect(refused.status).toBe(400);
    });

    test('the first lists its repeat, and the repeat names the first', async () => {
      const read = async (id: string) =>
        (await (
          await send('GET', `/api/review/applications/${id}`)
        ).json()) as {
          duplicateOf: { id: string; name: string } | null;
          duplicates: Array<{ id: string; receivedAt: string }>;
        };
      const ofFirst = await read(first);
      expect(ofFirst.duplicateOf).toBeNull();
      expect(ofFirst.duplicates.map((duplicate) => duplicate.id)).toEqual([
        second,
      ]);
      const ofSecond = await read(second);
      expect(ofSecond.duplicateOf).toMatchObject({
        id: first,
        name: 'Ada Lovelace',
      });
      expect(ofSecond.duplicates).toEqual([]);
    });

    test('an export and a bulk action of a view follow the view; chosen by id, a repeat is what was chosen', async () => {
      const rows = async (query: string) =>
        readExport(
          await (
            await send('GET', `/api/review/applications.csv${query}`)
          ).text(),
        ).rows.length;
      expect(await rows('')).toBe(2);
      expect(await rows('?duplicates=yes')).toBe(3);
      const byView = await send('POST', '/api/review/applications/tags', {
        view: {},
        expected: 2,
        add: ['seen'],
      });
      expect(await byView.json()).toEqual({ tagged: 2 });
      const tagged = await inbox('?duplicates=yes&tag=seen');
      expect(tagged.items.map((item) => item.id)).not.toContain(second);
      const chosen = await send('POST', '/api/review/applications/export', {
        ids: [second],
      });
      expect(readExport(await chosen.text()).rows).toHaveLength(1);
    });
  },
);
