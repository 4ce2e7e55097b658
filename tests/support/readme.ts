import { readFileSync } from 'node:fs';

// Tests run the README's own commands and configuration, so the README cannot drift from them.

/** The lines under a README heading, up to the next heading of level 3 or above; fenced code is not a heading. */
function readmeSection(heading: string): string {
  const kept: string[] = [];
  let isInside = false;
  let isFenced = false;
  for (const line of readFileSync('README.md', 'utf8').split('\n')) {
    if (line.startsWith('```')) isFenced = !isFenced;
    const level = isFenced ? 0 : (/^(#+) /.exec(line)?.[1]?.length ?? 0);
    if (level > 0 && level <= 3) {
      if (isInside) break;
      isInside = line === heading;
    } else if (isInside) kept.push(line);
  }
  if (!isInside) throw new Error(`README.md has no "${heading}"`);
  return kept.join('\n');
}

/** The one fenced block of that language under a heading; none or several is an error. */
export function readmeBlock(heading: string, language: string): string {
  const blocks = [
    ...readmeSection(heading).matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm),
  ].filter(([, info]) => info === language);
  if (blocks.length !== 1)
    throw new Error(
      `"${heading}" has ${blocks.length} \`\`\`${language} blocks, not one`,
    );
  return blocks[0]?.[2] ?? '';
}

/** The commands of the one `sh` block under a heading, one per line, trailing comments taken off. */
export function readmeCommands(heading: string): string[] {
  return readmeBlock(heading, 'sh')
    .split('\n')
    .map((line) => line.replace(/\s+#\s.*$/, '').trim())
    .filter(Boolean);
}
