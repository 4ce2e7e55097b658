import { readFileSync } from 'node:fs';
import subset from 'semver/ranges/subset.js';
import { expect, test } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { unsupportedNodeLine } from './process-prelude.js';

test('an unsupported Node gets one line naming the Node found, the Node needed and the fix', () => {
  expect(unsupportedNodeLine('20.20.2')).toBe(
    `Node 20.20.2 cannot run this project: it needs Node ${packageJson.engines.node}. Put Node 24 first on PATH with: export PATH="$(bash scripts/node-24.sh):$PATH"`,
  );
  for (const tooOld of ['22.12.0', '23.11.0', '24.1.0'])
    expect(unsupportedNodeLine(tooOld)).toContain(`Node ${tooOld} cannot`);
  for (const supported of ['22.22.2', '24.21.0', '26.0.0'])
    expect(unsupportedNodeLine(supported)).toBeUndefined();
});

/** A platform's own build (sharp's for Windows, say): installed only where its os and cpu match. */
const isForThisMachine = ({ os, cpu }: { os?: string[]; cpu?: string[] }) =>
  (!os || os.includes(process.platform)) &&
  (!cpu || cpu.includes(process.arch));

test('engines admits only Nodes that every package installed here supports', () => {
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
    packages: Record<
      string,
      {
        engines?: { node?: string } | string[];
        os?: string[];
        cpu?: string[];
      }
    >;
  };
  const installed = Object.entries(lock.packages).filter(([, entry]) =>
    isForThisMachine(entry),
  );
  const unmet = installed.flatMap(([path, entry]) => {
    const needed = Array.isArray(entry.engines)
      ? undefined
      : entry.engines?.node;
    return needed && !subset(packageJson.engines.node, needed)
      ? [`${path} needs ${needed}`]
      : [];
  });
  expect(unmet).toEqual([]);
});
