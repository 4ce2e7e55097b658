import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createBuilder } from 'vite';
import { afterAll, expect, test } from 'vitest';

const outDir = mkdtempSync(join(tmpdir(), 'embed-build-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** Organisations put it on every page of theirs that shows the form: at most 3 KB gzip (1 KB = 1000 B). */
const budgetBytes = 3000;

test('the host pages’ script, as built, stays within its budget and imports nothing', async () => {
  const builder = await createBuilder({
    logLevel: 'warn',
    environments: { embed: { build: { outDir } } },
  });
  const embed = builder.environments.embed;
  if (!embed) throw new Error('vite.config.ts has no embed environment');
  await builder.build(embed);
  const script = readFileSync(join(outDir, 'embed.js'));
  expect(gzipSync(script, { level: 9 }).length).toBeLessThanOrEqual(
    budgetBytes,
  );
  // One classic script: a host page loads it with a plain <script src>, nothing more.
  expect(script.toString('utf8')).not.toMatch(/\bimport\b|\brequire\(/);
});
