import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { budgets } from './support/budgets.ts';

// Prints what the browser downloads for the Welcome step, for the first form step, and for the staff
// workspace's first screen, in KB gzip (1 KB = 1000 B, as Vite reports), and fails when a budget of
// bench/budgets.json is exceeded.
type Chunk = {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
};

execFileSync(
  process.execPath,
  ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
  { stdio: 'inherit' },
);
const readManifest = (file: string) =>
  JSON.parse(readFileSync(join('dist/.vite', file), 'utf8')) as Record<
    string,
    Chunk
  >;
const manifest = readManifest('manifest.json');
// The workspace is a build of its own, so its chunks share nothing with the wizard's by accident.
const reviewManifest = readManifest('review-manifest.json');

const gzipKb = (file: string) =>
  gzipSync(readFileSync(join('dist', file)), { level: 9 }).length / 1000;

function staticClosure(
  keys: string[],
  chunks = manifest,
  seen = new Set<string>(),
): Set<string> {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    staticClosure(chunks[key]?.imports ?? [], chunks, seen);
  }
  return seen;
}

const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entry) throw new Error('No entry chunk in the Vite manifest');
const firstPage = staticClosure([entry]);
const formKeys = Object.keys(manifest).filter(
  (key) =>
    key.endsWith('form-wizard.tsx') ||
    /blocks\/(text-input|phone|select|platforms)-block\.tsx$/.test(key),
);
const formStep = [...staticClosure(formKeys)].filter(
  (key) => !firstPage.has(key),
);

const sum = (keys: Iterable<string>, chunks = manifest) =>
  [...keys].reduce((total, key) => total + gzipKb(chunks[key]?.file ?? ''), 0);
const reviewEntries = Object.keys(reviewManifest).filter(
  (key) => reviewManifest[key]?.isEntry,
);
// The form editor's first screen: the workspace's page, then the editor's own chunk and what it imports.
const workspaceFirstScreen = staticClosure(reviewEntries, reviewManifest);
const formEditorKey = Object.keys(reviewManifest).find((key) =>
  key.endsWith('form-editor-page.tsx'),
);
const formEditorFirstScreen = staticClosure(
  formEditorKey ? [formEditorKey] : [],
  reviewManifest,
  new Set(workspaceFirstScreen),
);
const css = [...firstPage]
  .flatMap((key) => manifest[key]?.css ?? [])
  .reduce((total, file) => total + gzipKb(file), 0);

const results = {
  firstPageJsKbGzip: sum(firstPage),
  firstPageCssKbGzip: css,
  formStepJsKbGzip: sum(formStep),
  workspaceFirstScreenJsKbGzip: sum(workspaceFirstScreen, reviewManifest),
  formEditorFirstScreenKbGzip:
    sum(formEditorFirstScreen, reviewManifest) +
    [...formEditorFirstScreen]
      .flatMap((key) => reviewManifest[key]?.css ?? [])
      .reduce((total, file) => total + gzipKb(file), 0),
};
let isOver = false;
for (const [name, value] of Object.entries(results)) {
  const budget = budgets[name];
  const verdict =
    budget === undefined
      ? ''
      : value <= budget
        ? `within ${budget}`
        : `OVER ${budget}`;
  if (budget !== undefined && value > budget) isOver = true;
  process.stdout.write(
    `${name.padEnd(28)} ${value.toFixed(1).padStart(7)} KB gzip  ${verdict}\n`,
  );
}
process.exit(isOver ? 1 : 0);
