import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { readmeCommands } from '../tests/support/readme.ts';

const directory = mkdtempSync(join(tmpdir(), 'wizard-form-'));
const sqlitePath = join(directory, 'a.db');

/** A README line run through a shell as typed, `npm run form --` being the command's own entry. */
const run = (line: string) =>
  spawnSync(
    'bash',
    [
      '-c',
      line
        .replace(
          'npm run form --',
          `${process.execPath} --import tsx scripts/form.ts`,
        )
        .replaceAll('form.json', join(directory, 'form.json')),
    ],
    {
      env: { ...process.env, SQLITE_PATH: sqlitePath, DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );

test("the README's form commands export the published form and publish an edited one as a new version", () => {
  const [exportLine, publishLine, ...rest] = readmeCommands(
    '## The form and its versions',
  );
  expect(rest).toEqual([]);
  const exported = run(exportLine ?? '');
  expect(exported.stderr).toBe('');
  // An empty database takes WIZARD_CONFIG as version 1, as the server's first start does.
  const form = JSON.parse(
    readFileSync(join(directory, 'form.json'), 'utf8'),
  ) as { title: string };
  expect(form.title).toBe(
    (
      JSON.parse(readFileSync('config/example.wizard.json', 'utf8')) as {
        title: string;
      }
    ).title,
  );

  writeFileSync(
    join(directory, 'form.json'),
    JSON.stringify({ ...form, title: 'Spring press trip' }),
  );
  expect(run(publishLine ?? '')).toMatchObject({
    status: 0,
    stderr: '',
    stdout: 'Published version 2: Changed the title.\n',
  });
  // The same file again, as a deployment that runs it every time does: no empty version.
  expect(run(publishLine ?? '')).toMatchObject({
    status: 0,
    stderr: '',
    stdout: `Nothing to publish: ${join(directory, 'form.json')} is the published version, 2.\n`,
  });
  expect(
    JSON.parse(run('npm run form -- export').stdout) as { title: string },
  ).toMatchObject({ title: 'Spring press trip' });
  expect(JSON.parse(run('npm run form -- export --version 1').stdout)).toEqual(
    form,
  );

  writeFileSync(
    join(directory, 'form.json'),
    JSON.stringify({ ...form, theme: { brand: '#dddddd' } }),
  );
  const refused = run(publishLine ?? '');
  expect(refused.status).toBe(1);
  expect(refused.stderr).toContain('theme.brand: brand on white has contrast');
  expect(run('npm run form -- export --version 3')).toMatchObject({
    status: 1,
    stderr: 'There is no version 3.\n',
  });
  expect(run('npm run form -- frobnicate').status).toBe(2);
  expect(run('npm run form -- export --call no-such-call')).toMatchObject({
    status: 1,
    stderr: 'There is no call "no-such-call".\n',
  });
});
