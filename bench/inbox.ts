import { measureOnEachEngine } from './support/each-engine.ts';
import {
  inboxApplications,
  storeInboxApplications,
} from './support/inbox-applications.ts';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { scratchDatabase } from '../tests/support/databases.ts';
import { createApplicationsRepository } from '../src/server/db/applications-repository.ts';
import { inboxFacetsOf } from '../src/server/review/inbox-facets.ts';
import type { Engine } from '../src/server/db/database.ts';
import { budgets } from './support/budgets.ts';

// The inbox's queries over 100,000 stored applications (INBOX_APPLICATIONS to change it), on SQLite
// and (when TEST_DATABASE_URL answers) PostgreSQL: the first page newest first, a stage tab, each
// sort, a search, the filters, the counts per stage, what the filters offer. Prints the median of 20
// runs of each, and fails past bench/budgets.json: the first page past inboxFirstPageMsMax, the
// first page by verified reach past inboxVerifiedSortMsMax (printed beside its ratio to the first
// page newest first of the same run), any other query past inboxQueryMsMax, or any past
// inboxVsIndexReadMax times the bare read of a page of ids through the (received_at, id) index
// measured in the same run (the floor of any page). The counts per stage under a filter, which
// every list request under it reads beside its page, are held instead to
// inboxFilteredCountsVsCountsMax times the counts without one of the same run; so is what the
// filters offer, read as the workspace opens, beside its ratio to the floor: each reads whole
// indexes. These ratios are gated on SQLite, and on PostgreSQL with INBOX_VACUUM=1, which vacuums
// it after storing the applications: until autovacuum has passed, its counts read the rows, even
// those read through an index alone. The applications are those of
// bench/support/inbox-applications.ts, a third of them with a verified count.
const runs = 20;
const budget = budgets.inboxQueryMsMax ?? Infinity;
const firstPageBudget = budgets.inboxFirstPageMsMax ?? Infinity;
const verifiedSortBudget = budgets.inboxVerifiedSortMsMax ?? Infinity;
const ratioBudget = budgets.inboxVsIndexReadMax ?? Infinity;
const filteredCountsBudget = budgets.inboxFilteredCountsVsCountsMax ?? Infinity;

const filteredCounts = [
  'counts, country GB',
  'counts, platform Instagram',
  'counts, both',
];
const facets = 'countries, platforms, tags';
const isVacuumed = process.env.INBOX_VACUUM === '1';

async function measure(engine: Engine): Promise<boolean> {
  const scratch = await scratchDatabase(engine);
  let database = await scratch.open();
  await storeInboxApplications(database);
  if (engine === 'postgres' && isVacuumed)
    await sql`vacuum analyze`.execute(database.db);
  // Measured as a server finds the database when it starts: SQLite gathers its statistics then.
  await database.close();
  database = await scratch.open();
  const repository = createApplicationsRepository(database);
  const median = async (query: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      await query();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return times[Math.floor(runs / 2)] ?? Infinity;
  };
  const floor = await median(() =>
    database.db
      .selectFrom('applications')
      .select(['id', 'received_at'])
      .orderBy('received_at', 'desc')
      .orderBy('id', 'desc')
      .limit(51)
      .execute(),
  );
  const queries: Record<string, () => Promise<unknown>> = {
    'first page, newest': () => repository.list({ limit: 51 }),
    'search "creator12"': () =>
      repository.list({ limit: 51, filters: { search: 'creator12' } }),
    // As the inbox asks it, with its counts: a view that holds none is not read.
    'platform + country + minimum': () =>
      repository.listCounted({
        limit: 51,
        filters: { platform: 'tiktok', country: 'GB', minReach: 100_000 },
      }),
    'tab New': () => repository.list({ limit: 51, stage: 'new' }),
    'sorted by reach': () => repository.list({ limit: 51, sort: 'reach' }),
    'sorted by votes': () => repository.list({ limit: 51, sort: 'votes' }),
    'sorted by verified reach': () =>
      repository.list({ limit: 51, sort: 'verified' }),
    // The first page of those without a count, sorted last.
    'verified reach, unverified': () =>
      repository.list({
        limit: 51,
        sort: 'verified',
        after: { receivedAt: '9999', id: '', verifiedReach: null },
      }),
    'verified only': () =>
      repository.list({ limit: 51, filters: { verified: true } }),
    'call, newest': () =>
      repository.list({ limit: 51, filters: { call: 'aldmere-creators' } }),
    'country GB, tab New, by reach': () =>
      repository.list({
        limit: 51,
        stage: 'new',
        sort: 'reach',
        filters: { country: 'GB' },
      }),
    'tab New, by votes': () =>
      repository.list({ limit: 51, stage: 'new', sort: 'votes' }),
    'received this year': () =>
      repository.list({
        limit: 51,
        filters: { receivedFrom: '2026-01-01T00:00:00.000Z' },
      }),
    'counts per stage': () => repository.countByStage({}),
    'counts, country GB': () => repository.countByStage({ country: 'GB' }),
    'counts, platform Instagram': () =>
      repository.countByStage({ platform: 'instagram' }),
    'counts, both': () =>
      repository.countByStage({ country: 'GB', platform: 'instagram' }),
    // What the filters offer, read as the workspace opens.
    'countries, platforms, tags': () => inboxFacetsOf(database),
  };
  let isWithin = true;
  process.stdout.write(
    `${engine}${engine === 'postgres' && isVacuumed ? ', vacuumed' : ''}, ${inboxApplications} applications; a page of ids by the index: ${floor.toFixed(1)} ms\n`,
  );
  const maxOf: Record<string, number> = {
    'first page, newest': firstPageBudget,
    'sorted by verified reach': verifiedSortBudget,
  };
  const times = new Map<string, number>();
  for (const [name, query] of Object.entries(queries)) {
    const time = await median(query);
    times.set(name, time);
    const max = maxOf[name] ?? budget;
    const ratio = time / Math.max(floor, 0.1);
    // A filtered count reads the whole of an index, not a page: it is gated against the counts
    // without a filter below.
    const isOk =
      time <= max && (filteredCounts.includes(name) || ratio <= ratioBudget);
    if (!isOk) isWithin = false;
    const ratioGate = filteredCounts.includes(name)
      ? 'its ratio below'
      : `×${ratioBudget}`;
    process.stdout.write(
      `  ${name.padEnd(30)} ${time.toFixed(1).padStart(7)} ms  ×${ratio.toFixed(1).padStart(6)}  ${isOk ? 'within' : 'OUTSIDE'} max ${max} ms, ${ratioGate}\n`,
    );
  }
  const counts = times.get('counts per stage') ?? Infinity;
  const isGated = engine === 'sqlite' || isVacuumed;
  for (const name of [...filteredCounts, facets]) {
    const ratio = (times.get(name) ?? Infinity) / Math.max(counts, 0.1);
    const isOk = !isGated || ratio <= filteredCountsBudget;
    if (!isOk) isWithin = false;
    process.stdout.write(
      `  ${name} / counts per stage: ×${ratio.toFixed(1)}  ${isGated ? `${isOk ? 'within' : 'OUTSIDE'} ×${filteredCountsBudget}` : 'not gated without INBOX_VACUUM=1'}\n`,
    );
  }
  const firstPage = times.get('first page, newest') ?? Infinity;
  process.stdout.write(
    `  by verified reach / first page newest: ×${((times.get('sorted by verified reach') ?? Infinity) / Math.max(firstPage, 0.1)).toFixed(2)}\n`,
  );
  await database.close();
  await scratch.drop();
  return isWithin;
}

await measureOnEachEngine(measure);
