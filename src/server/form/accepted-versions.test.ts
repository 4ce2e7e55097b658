import { describe, expect, test } from 'vitest';
import { useScratchDatabase } from '../../../tests/support/scratch-database.ts';
import { exampleConfig } from '../../../tests/support/fixtures.ts';
import { checkFormConfig } from '../wizard-config.ts';
import {
  createAcceptedVersions,
  createBoundedCache,
  savedDraftLifetimeMs,
} from './accepted-versions.ts';
import { createFormStore } from './form-store.ts';
import { createCallStore } from '../calls/call-store.ts';
import { createLiveCalls, liveFormsOf } from './live-form.ts';

describe('the bounded cache of compiled versions', () => {
  const counting = (capacity: number) => {
    const loads: number[] = [];
    const cache = createBoundedCache(capacity, async (key: number) => {
      loads.push(key);
      return `version ${key}`;
    });
    return { cache, loads };
  };

  test('keeps no more than its capacity, the least recently used leaving first', async () => {
    const { cache, loads } = counting(2);
    await cache.get(1);
    await cache.get(2);
    // 1 used again: 2 is now the least recently used, and leaves when 3 comes.
    await cache.get(1);
    await cache.get(3);
    expect(cache.size).toBe(2);
    await cache.get(1);
    await cache.get(2);
    expect(loads).toEqual([1, 2, 3, 2]);
  });

  test('a burst asking for one version loads it once', async () => {
    const { cache, loads } = counting(2);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => cache.get(7)),
    );
    expect(new Set(answers)).toEqual(new Set(['version 7']));
    expect(loads).toEqual([7]);
  });

  test('a load that failed is not kept: the next call tries again', async () => {
    let calls = 0;
    const cache = createBoundedCache(2, async (key: number) => {
      calls += 1;
      if (calls === 1) throw new Error('the database is away');
      return key;
    });
    await expect(cache.get(1)).rejects.toThrow('the database is away');
    await expect(cache.get(1)).resolves.toBe(1);
    expect(calls).toBe(2);
  });
});

describe('the versions applications are taken under', () => {
  const database = useScratchDatabase('sqlite');

  test('a replaced version is read once for a burst, and taken until a draft has been kept as long as drafts are', async () => {
    const replacedAt = new Date('2026-11-01T09:00:00.000Z');
    const store = createFormStore(
      database(),
      exampleConfig().pageId,
      () => replacedAt,
    );
    const seed = checkFormConfig(exampleConfig());
    if (!seed.ok) throw new Error('the example does not pass');
    const live = liveFormsOf(
      await createLiveCalls(database(), createCallStore(database()), seed.form),
      seed.form.config.pageId,
    );
    await store.publish({
      baseVersion: 1,
      config: { ...seed.form.config, title: 'Spring press trip' },
      by: null,
      summary: 'Changed the title',
    });
    await live.refresh();
    let reads = 0;
    let now = new Date(replacedAt.getTime() + savedDraftLifetimeMs);
    const versions = createAcceptedVersions({
      live,
      store: {
        versionWithReplacement: (number) => {
          reads += 1;
          return store.versionWithReplacement(number);
        },
      },
      now: () => now,
    });

    const verdicts = await Promise.all(
      Array.from({ length: 20 }, () => versions.formFor(1)),
    );
    expect(reads).toBe(1);
    for (const verdict of verdicts)
      expect(verdict).toMatchObject({
        kind: 'accepted',
        form: {
          number: 1,
          configHash: (await store.version(1))?.configHash,
          model: { config: { title: exampleConfig().title } },
        },
      });
    expect(await versions.formFor(2)).toMatchObject({
      kind: 'accepted',
      form: { number: 2 },
    });

    now = new Date(now.getTime() + 1);
    expect(await versions.formFor(1)).toEqual({ kind: 'changed' });
    // Never published.
    expect(await versions.formFor(3)).toEqual({ kind: 'changed' });
    expect(await versions.formFor(0)).toEqual({ kind: 'changed' });
  });
});
