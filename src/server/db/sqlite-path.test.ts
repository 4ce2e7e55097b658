import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { openDatabase } from './database.ts';

test('an SQLite file where no folder can be made fails within 2 seconds, naming the folder', async () => {
  const startedAt = performance.now();
  await expect(
    openDatabase({ sqlitePath: '/proc/nope/x.db' }),
  ).rejects.toMatchObject({ code: 'ENOENT', path: '/proc/nope' });
  expect(performance.now() - startedAt).toBeLessThan(2000);
});

test('the missing folders above an SQLite file are made', async () => {
  const sqlitePath = join(
    mkdtempSync(join(tmpdir(), 'wizard-folders-')),
    'a/b/c/applications.db',
  );
  const database = await openDatabase({ sqlitePath });
  await database.close();
});
