import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { engines, scratchDatabase } from '../../../tests/support/databases.ts';
import {
  exampleConfig,
  validApplication,
} from '../../../tests/support/fixtures.ts';
import { databaseMigratedTo } from '../../../tests/support/older-database.ts';
import { createApplicationsRepository } from '../db/applications-repository.ts';
import { createFormStore } from '../form/form-store.ts';
import { createCallStore } from './call-store.ts';

describe.each(engines)('a database from before calls, on %s', (engine) => {
  test('becomes the default call: its form’s versions and draft, and every application, are the call’s', async () => {
    const scratch = await scratchDatabase(engine);
    const older = await databaseMigratedTo(
      scratch,
      engine,
      '026-applications-source-index',
    );
    const config = exampleConfig();
    try {
      for (const [number, title] of [
        [1, config.title],
        [2, 'Aldmere creators · summer'],
      ] as const)
        await sql`
          insert into form_versions
            (number, config, config_hash, published_at, published_by, summary)
          values (${number}, ${JSON.stringify({ ...config, title })}, ${`hash-${number}`},
            ${`2026-0${number}-01T09:00:00.000Z`}, ${null}, ${`version ${number}`})`.execute(
          older,
        );
      await sql`
        insert into form_draft (id, config, base_version, saved_at, saved_by)
        values (1, ${JSON.stringify({ title: '' })}, 2, '2026-02-02T09:00:00.000Z', 'ada@example.org')`.execute(
        older,
      );
      await sql`
        insert into applications
          (id, page_id, idempotency_key, payload_hash, received_at, payload, full_name, email,
           country_code, config_version)
        values ('00000000-0000-4000-8000-000000000001', ${config.pageId},
          '00000000-0000-4000-8000-000000000002', 'hash', '2026-02-03T09:00:00.000Z',
          ${JSON.stringify(validApplication())}, 'Ada Lovelace', 'ada@example.org', 'GB', 'hash-2')`.execute(
        older,
      );
    } finally {
      await older.destroy();
    }

    const database = await scratch.open();
    try {
      const calls = createCallStore(database);
      expect(await calls.list()).toEqual([
        expect.objectContaining({
          slug: config.pageId,
          title: 'Aldmere creators · summer',
          isDefault: true,
          archived: false,
          opensAt: null,
          closesAt: null,
        }),
      ]);
      const form = createFormStore(database, config.pageId);
      expect((await form.versions()).map((version) => version.summary)).toEqual(
        ['version 2', 'version 1'],
      );
      expect(await form.draft()).toMatchObject({
        baseVersion: 2,
        savedBy: 'ada@example.org',
      });
      const [application] = await createApplicationsRepository(database).list({
        limit: 10,
        filters: { call: config.pageId },
      });
      expect(application).toMatchObject({
        name: 'Ada Lovelace',
        callSlug: config.pageId,
        eligibility: [],
        late: false,
      });
      // Its first start finds the call there, and makes no other.
      await calls.ensureDefault({ ...config, pageId: 'another-page' });
      expect(await calls.list()).toHaveLength(1);
    } finally {
      await database.close();
      await scratch.drop();
    }
  });
});
