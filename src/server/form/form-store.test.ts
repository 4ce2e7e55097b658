import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { engines, scratchDatabase } from '../../../tests/support/databases.ts';
import { exampleConfig } from '../../../tests/support/fixtures.ts';
import type { Database } from '../db/database.ts';
import { createApplicationsRepository } from '../db/applications-repository.ts';
import { createAuditLog } from '../staff/audit-log.ts';
import { configHashOf, createFormStore, type FormStore } from './form-store.ts';
import { createCallStore } from '../calls/call-store.ts';
import { createLiveCalls } from './live-form.ts';
import { publishForm } from './publish-form.ts';
import { checkFormConfig } from '../wizard-config.ts';
import { withStepIds } from '#engine/step-ids.ts';

const seed = () => {
  const checked = checkFormConfig(exampleConfig());
  if (!checked.ok) throw new Error('the example does not pass');
  return checked.form;
};

describe.each(engines)('the form on %s', (engine) => {
  let database: Database;
  let store: FormStore;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const scratch = await scratchDatabase(engine);
    database = await scratch.open();
    drop = scratch.drop;
    store = createFormStore(database, seed().config.pageId);
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  test('an empty database takes the seed as version 1 of its default call, and a second start does not publish it again', async () => {
    expect(await store.latestNumber()).toBeNull();
    const calls = createCallStore(database);
    const first = await createLiveCalls(database, calls, seed());
    expect(first.byDefault().form).toMatchObject({
      number: 1,
      publishedBy: null,
    });
    expect(first.byDefault().call).toMatchObject({
      slug: seed().config.pageId,
      title: seed().config.title,
      isDefault: true,
    });
    const changed = { ...seed(), config: { ...seed().config, title: 'Other' } };
    const second = await createLiveCalls(database, calls, changed);
    expect(second.byDefault().form.number).toBe(1);
    expect(second.byDefault().form.config.title).toBe(exampleConfig().title);
    expect(await calls.list()).toHaveLength(1);
    expect(await store.versions()).toHaveLength(1);
    // Version 1 is the seed with an id on every step; applications answered under it find its
    // configuration by its hash.
    const published = withStepIds(seed().config);
    expect(first.byDefault().form.configHash).toBe(configHashOf(published));
    expect(
      await createApplicationsRepository(database).configFor(
        configHashOf(published),
      ),
    ).toEqual(JSON.parse(JSON.stringify(published)));
  });

  test('two publishes from the same base: the first wins, the second hears what changed and writes nothing', async () => {
    const audit = createAuditLog(database);
    const base = (await store.latestNumber()) ?? 0;
    const config = seed().config;
    const [first, second] = await Promise.all([
      publishForm(
        { store, audit },
        {
          config: { ...config, title: 'Spring press trip' },
          by: 'ada@example.org',
          address: '127.0.0.1',
          baseVersion: base,
        },
      ),
      publishForm(
        { store, audit },
        {
          config: { ...config, lang: 'de' },
          by: 'bob@example.org',
          address: '127.0.0.1',
          baseVersion: base,
        },
      ),
    ]);
    const outcomes = [first, second];
    const won = outcomes.filter((outcome) => outcome.kind === 'published');
    const lost = outcomes.filter((outcome) => outcome.kind === 'stale');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]).toMatchObject({ kind: 'stale', current: base + 1 });
    const winner = won[0];
    expect(lost[0]?.kind === 'stale' && lost[0].changes.join('; ')).toBe(
      winner?.kind === 'published' && winner.summary,
    );
    expect(await store.latestNumber()).toBe(base + 1);
    const versions = await store.versions();
    expect(versions[0]).toMatchObject({
      number: base + 1,
      summary: expect.stringMatching(/^Changed (the title|the language)$/),
    });
    const entries = await audit.page({}, { limit: 10, cursor: undefined });
    expect(
      entries?.entries.filter((entry) => entry.action === 'form_published'),
    ).toHaveLength(1);
  });

  test('a published version reaches a live form that polls', async () => {
    const live = await createLiveCalls(
      database,
      createCallStore(database),
      seed(),
      { pollMs: 20 },
    );
    const changes: number[] = [];
    live.onChange((_slug, form) => changes.push(form.number));
    const current = () => live.byDefault().form;
    const base = current().number;
    live.start();
    try {
      const outcome = await publishForm(
        { store, audit: createAuditLog(database) },
        {
          config: { ...current().config, title: 'Autumn trip' },
          by: 'command line',
          address: null,
        },
      );
      expect(outcome.kind).toBe('published');
      await expect
        .poll(() => current().config.title, { timeout: 2000 })
        .toBe('Autumn trip');
      expect(changes).toEqual([base + 1]);
    } finally {
      live.stop();
    }
  });

  test('keeps one draft in any state, the last save winning', async () => {
    expect(await store.draft()).toBeNull();
    await store.saveDraft({ config: { title: '' }, baseVersion: 1, by: 'a' });
    const saved = await store.saveDraft({
      config: { steps: 'not even a list' },
      baseVersion: 2,
      by: 'b',
    });
    expect(await store.draft()).toEqual(saved);
    expect(saved).toMatchObject({ baseVersion: 2, savedBy: 'b' });
    await store.discardDraft();
    expect(await store.draft()).toBeNull();
  });
});
