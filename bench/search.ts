import { createHash, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { ApplicationPayload } from '../src/engine/payload.ts';
import type { Stage } from '../src/engine/stages.ts';
import type { InboxFilters } from '../src/review-api/inbox.ts';
import {
  fullNameOf,
  inboxColumnsOf,
} from '../src/server/db/applicant-columns.ts';
import { createApplicationsRepository } from '../src/server/db/applications-repository.ts';
import type { Database, Engine } from '../src/server/db/database.ts';
import { indexSearchText, searchTextOf } from '../src/server/db/search-text.ts';
import { scratchDatabase } from '../tests/support/databases.ts';
import { measureOnEachEngine } from './support/each-engine.ts';
import { budgets } from './support/budgets.ts';

// The inbox's search over 100,000 applications whose answers are prose (words drawn from a
// vocabulary of a few hundred, the common ones often, as in real writing), on SQLite and (when
// TEST_DATABASE_URL answers) PostgreSQL. Each query is what the inbox asks for one search: its first
// page, ranked, and the counts per stage, together. Prints the median and p95 of 7 runs of each,
// beside the same request without a search (the first page newest first and its counts) measured
// in the same run. Fails when a search's median passes bench/budgets.json's searchMsMax, or its
// median passes searchVsFirstPageMax times the unsearched request's: the ratio holds on a loaded
// machine, where both slow down alike, and catches a search that reads every row.
const budget = budgets.searchMsMax ?? Infinity;
const ratioBudget = budgets.searchVsFirstPageMax ?? Infinity;
const applications = Number(process.env.BENCH_SEARCH_ROWS ?? 100_000);
const runs = 7;
const chunk = 500;

const vocabulary =
  `the and a to of in i my with for on is it that at as this be from we have
you are by our or an was all about travel video photo photos content create creator story stories
audience channel followers community brand brands hotel hotels guest guests stay stays trip trips
mountain mountains lake lakes river rivers coast coastal sea beach island islands forest forests
hiking hike hikes walking walks cycling bike biking kayak kayaking canoe sailing ski skiing snow
winter summer spring autumn village villages town towns city cities castle castles museum museums
food cooking recipes restaurant restaurants wine cheese bread market markets local culture history
family families children kids couple couples friends weekend holiday holidays adventure adventures
outdoor outdoors nature wildlife birds camera lens light sunrise sunset night stars camping tent
cabin cabins hut huts alpine valley valleys trail trails path paths route routes map maps guide
guides review reviews reel reels short shorts vlog vlogs blog blogs podcast newsletter editing
edit edits film filming films footage shoot shooting portrait landscape landscapes colour colours
season seasons rain sun wind weather cold warm quiet slow simple honest calm wild green blue
north south east west old new small big long short best favourite first last every each many
years months weeks days hours morning evening year month week day partner partners campaign
campaigns collaboration collaborations paid sponsored audience engagement growth reach views
subscribers instagram youtube tiktok pinterest facebook twitch website newsletter readers
spa wellness yoga swimming pool lakeside terrace breakfast dinner lunch picnic hamlet farm farms
vineyard vineyards orchard cider beer brewery distillery chocolate pastry bakery crafts pottery
knitting painting drawing music festival festivals concert dance theatre gallery art artists
architecture design interiors rooms suites views balcony fireplace sauna steam lodge chalet
train trains railway station bus ferry boat boats harbour lighthouse cliffs caves waterfall
waterfalls glacier glaciers peak peaks summit ridge meadow meadows flowers garden gardens`
    .split(/\s+/)
    .filter(Boolean);
const firstNames =
  `Ada Grace Hedy Mary Joan Ines Kim Lou Zoë Noor Ayla Chloé Björn Ömer Sara
Luca Marta Pablo Anouk Emil Freya Hugo Ida Jonas Lena Mila Nils Olga Piet Rosa`.split(
    /\s+/,
  );
const lastNames =
  `Lovelace Hopper Lamarr Somerville Curie Meitner Noether Franklin Goodall
Carson Earhart Johnson Vaughan Jackson Nightingale Bell Hodgkin Leakey Sagan Faraday`.split(
    /\s+/,
  );
// A word that only a few answers hold, as "who has filmed with a drone" asks for.
const rareWord = 'quadcopter';
const rareEvery = 10_000;
const stageOf: Stage[] = ['new', 'new', 'new', 'shortlisted', 'declined'];

/** A fixed sequence of pseudo-random numbers in [0, 1), the same in every run. */
function randomFrom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function prose(random: () => number, words: number): string {
  // Zipf-like: the nth word about 1/n as often as the first.
  const picked = Array.from({ length: words }, () => {
    const rank = Math.floor(vocabulary.length ** random()) - 1;
    return vocabulary[Math.max(0, rank)] ?? 'the';
  });
  return picked.join(' ');
}

function applicationOf(n: number, random: () => number): ApplicationPayload {
  const firstName = firstNames[n % firstNames.length] ?? 'Ada';
  const lastName =
    lastNames[Math.floor(n / firstNames.length) % lastNames.length] ??
    'Lovelace';
  const pitch = prose(random, 20 + Math.floor(random() * 60));
  return {
    personalInfo: {
      firstName,
      lastName,
      emailAddress: `${firstName.toLowerCase()}.${n}@example.com`,
      countryCode: n % 3 === 0 ? 'GB' : 'FR',
    },
    platforms: {
      instagram: {
        handle: `${lastName.toLowerCase()}.${n}`,
        followers: String((n * 7919) % 500_000),
      },
    },
    fields: [
      {
        key: 'single.tripDetails',
        value: prose(random, 10 + Math.floor(random() * 30)),
      },
      {
        key: 'single.pitch',
        value:
          n % rareEvery === 7 ? `${pitch} filmed with a ${rareWord}` : pitch,
      },
    ],
  };
}

/** 100,000 applications written straight into the tables, with their search text as a store writes it. */
async function seed(database: Database, engine: Engine) {
  const { db } = database;
  const random = randomFrom(36);
  const firstReceivedAt = Date.UTC(2025, 0, 1);
  for (let from = 0; from < applications; from += chunk) {
    const rows = Array.from(
      { length: Math.min(chunk, applications - from) },
      (_, index) => {
        const n = from + index;
        const payload = applicationOf(n, random);
        const json = JSON.stringify(payload);
        return {
          text: searchTextOf(payload),
          row: {
            id: randomUUID(),
            page_id: 'aldmere-creators',
            idempotency_key: randomUUID(),
            payload_hash: createHash('sha256').update(json).digest('hex'),
            received_at: new Date(firstReceivedAt + n * 60_000).toISOString(),
            payload: json,
            config_version: null,
            full_name: fullNameOf(payload),
            email: payload.personalInfo.emailAddress as string,
            country_code: payload.personalInfo.countryCode as string,
            stage: stageOf[n % stageOf.length] as Stage,
            ...inboxColumnsOf(payload),
          },
        };
      },
    );
    await db.transaction().execute(async (transaction) => {
      await transaction
        .insertInto('applications')
        .values(rows.map(({ row }) => row))
        .execute();
      await indexSearchText(
        transaction,
        engine,
        rows.map(({ row, text }) => ({ id: row.id, text })),
      );
    });
  }
  await sql`analyze`.execute(db);
}

function medianAndP95(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    median: sorted[Math.floor(sorted.length / 2)] ?? Infinity,
    p95: sorted[Math.ceil(sorted.length * 0.95) - 1] ?? Infinity,
  };
}

async function measure(engine: Engine): Promise<boolean> {
  const scratch = await scratchDatabase(engine);
  const database = await scratch.open();
  const repository = createApplicationsRepository(database);
  const seeding = performance.now();
  await seed(database, engine);
  process.stdout.write(
    `${engine}, ${applications} applications (seeded in ${((performance.now() - seeding) / 1000).toFixed(0)} s)\n`,
  );
  // What the inbox asks for a view: its first page and its counts per stage, at once.
  const inbox = (filters: InboxFilters, stage?: Stage) => () =>
    Promise.all([
      repository.list({ limit: 51, filters, stage }),
      repository.countByStage(filters),
    ]);
  const baseline = inbox({});
  const searches: Record<string, () => Promise<unknown>> = {
    'one common word "hotel"': inbox({ search: 'hotel' }),
    'two words "mountain video"': inbox({ search: 'mountain video' }),
    'a prefix of 2 "mo"': inbox({ search: 'mo' }),
    'a prefix of 3 "kay"': inbox({ search: 'kay' }),
    [`a rare word "${rareWord}"`]: inbox({ search: rareWord }),
    'a name "somerville"': inbox({ search: 'somerville' }),
    '"hiking" in Shortlisted': inbox({ search: 'hiking' }, 'shortlisted'),
    '"lake" from GB': inbox({ search: 'lake', country: 'GB' }),
  };
  const timesOf = async (query: () => Promise<unknown>) => {
    await query();
    const times: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      await query();
      times.push(performance.now() - started);
    }
    return medianAndP95(times);
  };
  const floor = await timesOf(baseline);
  process.stdout.write(
    `  ${'no search (first page, counts)'.padEnd(34)} median ${floor.median.toFixed(1).padStart(6)} ms  p95 ${floor.p95.toFixed(1).padStart(6)} ms\n`,
  );
  let isWithin = true;
  for (const [name, query] of Object.entries(searches)) {
    const { median, p95 } = await timesOf(query);
    const ratio = median / Math.max(floor.median, 1);
    const within = median <= budget && ratio <= ratioBudget;
    if (!within) isWithin = false;
    process.stdout.write(
      `  ${name.padEnd(34)} median ${median.toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  ${ratio.toFixed(1).padStart(5)}× no search  ${within ? 'within' : 'OUTSIDE'} max ${budget} ms, ${ratioBudget}×\n`,
    );
  }
  await database.close();
  await scratch.drop();
  return isWithin;
}

await measureOnEachEngine(measure);
