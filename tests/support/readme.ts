import { readFileSync } from 'node:fs';

/**
 * The commands of the first fenced block under a README heading, one per line, with their trailing
 * comments taken off: tests run the README's own commands, so the README cannot drift from them.
 */
export function readmeCommands(heading: string): string[] {
  const readme = readFileSync('README.md', 'utf8');
  const start = readme.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`README.md has no heading "${heading}"`);
  const block = /```\w*\n([\s\S]*?)```/.exec(readme.slice(start));
  if (!block?.[1]) throw new Error(`README.md has no block under "${heading}"`);
  return block[1]
    .split('\n')
    .map((line) => line.replace(/\s+#\s.*$/, '').trim())
    .filter(Boolean);
}
