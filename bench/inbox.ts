import { randomUUID } from 'node:crypto';
import { measureOnEachEngine } from './support/each-engine.ts';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { scratchDatabase } from '../tests/support/databases.ts';
import { validApplication } from '../tests/support/fixtures.ts';
import { platformKeys } from '../src/engine/platforms.ts';
import { createApplicationsRepository } from '../src/server/db/applications-repository.ts';
import { inboxFacetsOf } from '../src/server/review/inbox-facets.ts';
import type { Engine } from '../src/server/db/database.ts';

// The inbox's queries over 10,000 stored applications, on SQLite and (when TEST_DATABASE_URL
// answers) PostgreSQL: the first page newest first, a search, filters, sorting by reach, the counts
// per stage, what the filters offer. Prints the median of 20 runs of each, and fails past bench/budgets.json.
const budgets = JSON.parse(
  readFileSync('bench/budgets.json', 'utf8'),
) as Record<string, number>;
const applications = 10_000;
const runs = 20;
const budget = budgets.inboxQueryMsMax ?? Infinity;

async function measure(engine: Engine): Promise<boolean> {
  const scratch = await scratchDatabase(engine);
  const database = await scratch.open();
  const repository = createApplicationsRepository(database);
  const base = validApplication();
  await Promise.all(
    Array.from({ length: applications }, (_, index) =>
      repository.store({
        pageId: 'aldmere-creators',
        idempotencyKey: randomUUID(),
        configVersion: 'c'.repeat(64),
        payload: {
          ...base,
          personalInfo: {
            ...base.personalInfo,
            firstName: `Creator${index}`,
            emailAddress: `creator${index}@example.com`,
            countryCode: index % 3 === 0 ? 'GB' : 'FR',
          },
          platforms: {
            [platformKeys[index % 6] ?? 'instagram']: {
              handle: `creator.${index}`,
              followers: String((index * 7919) % 500_000),
            },
          },
        },
      }),
    ),
  );
  const queries: Record<string, () => Promise<unknown>> = {
    'first page, newest': () => repository.list({ limit: 51 }),
    'search "creator12"': () =>
      repository.list({ limit: 51, filters: { search: 'creator12' } }),
    'platform + country + minimum': () =>
      repository.list({
        limit: 51,
        filters: { platform: 'tiktok', country: 'GB', minReach: 100_000 },
      }),
    'sorted by reach': () => repository.list({ limit: 51, sort: 'reach' }),
    'counts per stage': () => repository.countByStage({}),
    // What the filters offer, read as the workspace opens.
    'countries, platforms, tags': () => inboxFacetsOf(database),
  };
  let isWithin = true;
  process.stdout.write(`${engine}, ${applications} applications\n`);
  for (const [name, query] of Object.entries(queries)) {
    const times: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      await query();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(runs / 2)] ?? Infinity;
    if (median > budget) isWithin = false;
    process.stdout.write(
      `  ${name.padEnd(30)} ${median.toFixed(1).padStart(7)} ms  ${median <= budget ? 'within' : 'OUTSIDE'} max ${budget}\n`,
    );
  }
  await database.close();
  await scratch.drop();
  return isWithin;
}

await measureOnEachEngine(measure);
