import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from 'vitest';

// A migration is history: what it does must not change when today's code does. So a migration
// module runs only the query builder, Node's own modules and other migration modules (which hold
// their own frozen copies of the rules they fill with); it may name any type, which runs nothing.
const isMigrationModule = (name: string) =>
  /migrations?\.ts$/.test(name) && !name.endsWith('.test.ts');
const migrationModules = readdirSync(import.meta.dirname).filter(
  isMigrationModule,
);
const isAllowed = (source: string) =>
  source === 'kysely' ||
  source === 'kysely/migration' ||
  source.startsWith('node:') ||
  (source.startsWith('./') && isMigrationModule(source.slice(2)));

test('finds the migration modules', () => {
  expect(migrationModules).toContain('migrations.ts');
  expect(migrationModules).toContain('insight-migrations.ts');
});

test.each(migrationModules)(
  '%s runs only kysely, node:* and migration modules',
  (name) => {
    const code = readFileSync(`${import.meta.dirname}/${name}`, 'utf8');
    const running = [
      ...code.matchAll(
        /^(?:import|export)\s+(type\s+)?[^;]*?\bfrom\s+'([^']+)'/gm,
      ),
    ]
      .filter(([, isTypeOnly]) => !isTypeOnly)
      .map(([, , source]) => source as string);
    const loaded = [...code.matchAll(/\bimport\(\s*'([^']+)'/g)].map(
      ([, source]) => source as string,
    );
    expect(
      [...running, ...loaded].filter((source) => !isAllowed(source)),
    ).toEqual([]);
  },
);
