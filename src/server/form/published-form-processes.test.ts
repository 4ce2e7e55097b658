import { expect, test } from 'vitest';
import { engines, scratchDatabase } from '../../../tests/support/databases.ts';
import { exampleConfig } from '../../../tests/support/fixtures.ts';
import { startServerProcess } from '../../../tests/support/server-process.ts';
import { defaultTexts } from '#engine/texts.ts';
import { createCallStore } from '../calls/call-store.ts';
import { createAuditLog } from '../staff/audit-log.ts';
import { createFormStore } from './form-store.ts';
import { publishForm } from './publish-form.ts';

const titleOf = async (url: string) =>
  /<title>([^<]*)<\/title>/.exec(await (await fetch(url)).text())?.[1];

test.each(engines)(
  'a version published, a call made and a call closed on %s reach new visitors of every server process within 2 s, without a restart',
  async (engine) => {
    const scratch = await scratchDatabase(engine);
    const env: Record<string, string> =
      engine === 'postgres'
        ? { DATABASE_URL: scratch.url ?? '' }
        : { SQLITE_PATH: scratch.sqlitePath, DATABASE_URL: '' };
    // One after the other: the first seeds version 1, the second finds it.
    const first = await startServerProcess(env);
    const second = await startServerProcess(env);
    const database = await scratch.open();
    try {
      const before = exampleConfig().title;
      expect(await titleOf(first.url)).toBe(before);
      expect(await titleOf(second.url)).toBe(before);
      const outcome = await publishForm(
        {
          store: createFormStore(database, exampleConfig().pageId),
          audit: createAuditLog(database),
        },
        {
          config: exampleConfig({ title: 'Spring press trip' }),
          by: 'ada@example.org',
          address: null,
        },
      );
      expect(outcome.kind).toBe('published');
      const publishedAt = Date.now();
      for (const server of [first, second])
        await expect
          .poll(() => titleOf(server.url), { timeout: 2000, interval: 50 })
          .toBe('Spring press trip');
      expect(Date.now() - publishedAt).toBeLessThan(2000);

      // A call made, and then closed, reaches every process as fast.
      const calls = createCallStore(database);
      await calls.create({
        slug: 'winter-food',
        title: 'Winter food trail',
        config: exampleConfig({ title: 'Winter food trail · Aldmere' }),
        by: 'ada@example.org',
      });
      const madeAt = Date.now();
      for (const server of [first, second])
        await expect
          .poll(() => titleOf(`${server.url}/apply/winter-food`), {
            timeout: 2000,
            interval: 50,
          })
          .toBe('Winter food trail · Aldmere');
      expect(Date.now() - madeAt).toBeLessThan(2000);
      await calls.update('winter-food', {
        closesAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
      });
      const closedAt = Date.now();
      for (const server of [first, second])
        await expect
          .poll(
            async () =>
              (
                await (await fetch(`${server.url}/apply/winter-food`)).text()
              ).includes(defaultTexts.callClosed),
            { timeout: 2000, interval: 50 },
          )
          .toBe(true);
      expect(Date.now() - closedAt).toBeLessThan(2000);
    } finally {
      await database.close();
      first.process.kill('SIGTERM');
      second.process.kill('SIGTERM');
      await Promise.all([first.exited, second.exited]);
      await scratch.drop();
    }
  },
  120_000,
);
