import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Engine } from './database.ts';

// What the insight migrations run. A migration is history: it holds its own copies of the
// constants and helpers it uses (insight-migrations.test.ts pins them to today's), so that
// changing today's code never changes what it did.

/** The step-time buckets as both migrations fill them: a quarter octave each, from 1 s. */
export const migratedStepTimeBounds: readonly number[] = [
  0,
  ...Array.from({ length: 80 }, (_, index) =>
    Math.round(1000 * 2 ** (index / 4)),
  ),
];

/** The bucket of a time `ms`, in SQL. */
const bucketSql = (ms: RawBuilder<unknown>) =>
  sql`case ${sql.join(
    migratedStepTimeBounds
      .slice(1)
      .map(
        (bound, index) =>
          sql`when ${ms} < ${sql.lit(bound)} then ${sql.lit(index)}`,
      ),
    sql` `,
  )} else ${sql.lit(migratedStepTimeBounds.length - 1)} end`;

/** Migration 025: the rollups, keyed by the step's place, filled from the stored events. */
export async function fillRollupsByPlace(db: Kysely<unknown>) {
  await sql`
    insert into insight_counts (day, source, medium, campaign, kind, step, path, visits)
    select day, source, medium, coalesce(campaign, ''), 'visit', -1, '', count(*)
    from insight_visits
    group by day, source, medium, coalesce(campaign, '')`.execute(db);
  await sql`
    insert into insight_counts (day, source, medium, campaign, kind, step, path, visits)
    select e.day, e.source, v.medium, coalesce(v.campaign, ''), e.kind, coalesce(e.step, -1),
      coalesce(e.path, ''), count(*)
    from insight_events e join insight_visits v on v.visit_id = e.visit_id
    where e.kind <> 'visit'
    group by e.day, e.source, v.medium, coalesce(v.campaign, ''), e.kind, coalesce(e.step, -1),
      coalesce(e.path, '')`.execute(db);
  await sql`
    insert into insight_step_times (visit_id, day, source, step, ms)
    select here.visit_id, here.day, here.source, here.step, later.ms - here.ms
    from insight_events here
    join insight_events later
      on later.visit_id = here.visit_id and later.kind = 'step'
      and coalesce(later.step, -1) = here.step + 1 and coalesce(later.path, '') = ''
    where here.kind = 'step' and later.ms >= here.ms`.execute(db);
  await sql`
    insert into insight_step_time_counts (day, source, step, bucket, visits)
    select day, source, step, bucket, count(*)
    from (
      select day, source, step, ${bucketSql(sql`ms`)} as bucket from insight_step_times
    ) timed
    group by day, source, step, bucket`.execute(db);
}

/**
 * The rollups keyed by call and step id (migration 028), filled from the stored events; also what
 * rebuilds them at any time, after emptying the three tables.
 */
export async function fillRollupsByStep(db: Kysely<unknown>) {
  await sql`
    insert into insight_counts
      (day, call, source, medium, campaign, kind, step_id, path, visits)
    select day, call, source, medium, coalesce(campaign, ''), 'visit', '', '', count(*)
    from insight_visits
    group by day, call, source, medium, coalesce(campaign, '')`.execute(db);
  // The visit event itself is not counted: the visit's row is.
  await sql`
    insert into insight_counts
      (day, call, source, medium, campaign, kind, step_id, path, visits)
    select e.day, e.call, e.source, v.medium, coalesce(v.campaign, ''), e.kind,
      coalesce(e.step_id, ''), coalesce(e.path, ''), count(*)
    from insight_events e join insight_visits v on v.visit_id = e.visit_id
    where e.kind <> 'visit'
    group by e.day, e.call, e.source, v.medium, coalesce(v.campaign, ''), e.kind,
      coalesce(e.step_id, ''), coalesce(e.path, '')`.execute(db);
  // A visit's next step is the one at the next place of the form it was stored under.
  await sql`
    insert into insight_step_times (step_id, ms, day, source, call, visit_id)
    select here.step_id, later.ms - here.ms, here.day, here.source, here.call, here.visit_id
    from insight_events here
    join insight_events later
      on later.visit_id = here.visit_id and later.kind = 'step' and later.step = here.step + 1
    where here.kind = 'step' and later.ms >= here.ms`.execute(db);
  await sql`
    insert into insight_step_time_counts (day, call, source, step_id, bucket, visits)
    select day, call, source, step_id, bucket, count(*)
    from (
      select day, call, source, step_id, ${bucketSql(sql`ms`)} as bucket from insight_step_times
    ) timed
    group by day, call, source, step_id, bucket`.execute(db);
}

/** The longest id made from a step's name (as `stepIdsOf` made them when 028 was written). */
const madeIdLength = 32;

/** The ids of a form's steps as `stepIdsOf` made them when 028 was written. */
export function migratedStepIdsOf(
  steps: ReadonlyArray<{ name?: unknown; id?: unknown }>,
): string[] {
  const taken = new Set(
    steps.flatMap((step) => (typeof step.id === 'string' ? [step.id] : [])),
  );
  return steps.map((step) => {
    if (typeof step.id === 'string') return step.id;
    const words = String(step.name ?? '')
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/['’]/g, '')
      .split(/[^a-z0-9]+/)
      .filter(Boolean);
    let made = '';
    for (const word of words) {
      const longer = made ? `${made}-${word}` : word;
      if (longer.length > madeIdLength) break;
      made = longer;
    }
    const base = made || (words[0]?.slice(0, madeIdLength) ?? '') || 'step';
    let id = base;
    for (let number = 2; taken.has(id); number += 1) id = `${base}-${number}`;
    taken.add(id);
    return id;
  });
}

type ServedForm = { day: string; pageId: string; stepIds: string[] };

/** The forms served, oldest first: each published version, or before versions, each configuration kept. */
async function servedForms(db: Kysely<unknown>): Promise<ServedForm[]> {
  const read = (rows: Array<{ at: string; config: unknown }>) =>
    rows.flatMap(({ at, config }) => {
      try {
        const form = (
          typeof config === 'string' ? JSON.parse(config) : config
        ) as { pageId?: unknown; steps?: unknown };
        return Array.isArray(form.steps)
          ? [
              {
                day: String(at).slice(0, 10),
                pageId: typeof form.pageId === 'string' ? form.pageId : '',
                stepIds: migratedStepIdsOf(
                  form.steps as Array<{ name?: unknown }>,
                ),
              },
            ]
          : [];
      } catch {
        return [];
      }
    });
  const versions = read(
    (
      await sql<{ at: string; config: unknown }>`
        select published_at as at, config from form_versions order by number`.execute(
        db,
      )
    ).rows,
  );
  if (versions.length > 0) return versions;
  return read(
    (
      await sql<{ at: string; config: unknown }>`
        select first_served_at as at, config from wizard_configs
        order by first_served_at, version`.execute(db)
    ).rows,
  );
}

/**
 * The form whose steps the events of `day` were counted by: the version served at the end of that
 * day (the first version for days before it); when the day's places do not all fit it (a publish
 * that day removed steps), the one served at its start, then any other, newest first.
 */
function formOfDay(
  forms: readonly ServedForm[],
  day: string,
  lastPlace: number,
): ServedForm | undefined {
  const atEnd = Math.max(
    0,
    forms.findLastIndex((form) => form.day <= day),
  );
  const preferred = [atEnd, atEnd - 1, ...[...forms.keys()].reverse()].flatMap(
    (index) => forms[index] ?? [],
  );
  return (
    preferred.find((form) => form.stepIds.length > lastPlace) ?? preferred[0]
  );
}

/**
 * Migration 028: the events and rollups record the call and the step id. Stored events, counted by
 * the step's place, get the id of the step at that place in the form of their day, and the call of
 * the form served last (the only one there was); the rollups are built again from them.
 */
export async function countInsightsByStep(db: Kysely<unknown>, engine: Engine) {
  const forms = await servedForms(db);
  const call = forms.at(-1)?.pageId ?? '';
  for (const table of ['insight_visits', 'insight_events'])
    await db.schema
      .alterTable(table)
      .addColumn('call', 'varchar(64)', (column) =>
        column.notNull().defaultTo(''),
      )
      .execute();
  await db.schema
    .alterTable('insight_events')
    .addColumn('step_id', 'varchar(40)')
    .execute();
  await sql`update insight_visits set call = ${call}`.execute(db);

  // Each day's places and the ids they stand for; a place no form of the day has keeps its number.
  const days = (
    await sql<{ day: string; last: number | string }>`
      select day, max(step) as last from insight_events where step is not null
      group by day`.execute(db)
  ).rows;
  await db.schema
    .createTable('insight_step_names_028')
    .addColumn('day', 'varchar(10)', (column) => column.notNull())
    .addColumn('step', 'integer', (column) => column.notNull())
    .addColumn('step_id', 'varchar(40)', (column) => column.notNull())
    .addPrimaryKeyConstraint('insight_step_names_028_key', ['day', 'step'])
    .execute();
  const names = days.flatMap(({ day, last }) => {
    const form = formOfDay(forms, day, Number(last));
    return Array.from({ length: Number(last) + 1 }, (_, step) => ({
      day,
      step,
      step_id: form?.stepIds[step] ?? `#${step}`,
    }));
  });
  for (let start = 0; start < names.length; start += 1000)
    await (db as Kysely<Record<string, Record<string, unknown>>>)
      .insertInto('insight_step_names_028')
      .values(names.slice(start, start + 1000))
      .execute();
  await sql`
    update insight_events set call = ${call}, step_id = (
      select n.step_id from insight_step_names_028 n
      where n.day = insight_events.day and n.step = insight_events.step
    )`.execute(db);
  await db.schema.dropTable('insight_step_names_028').execute();

  // A visit reaches a step once, whatever place the step has in the form it reports from.
  await db.schema.dropIndex('insight_events_once').execute();
  await db.schema
    .createIndex('insight_events_once')
    .on('insight_events')
    .unique()
    .expression(sql`visit_id, kind, coalesce(step_id, ''), coalesce(path, '')`)
    .execute();

  for (const table of [
    'insight_counts',
    'insight_step_times',
    'insight_step_time_counts',
  ])
    await db.schema.dropTable(table).execute();
  // As in 025: each rollup row is its primary key, and on SQLite the table is that key's tree.
  const rollup = (table: string) =>
    db.schema
      .createTable(table)
      .$call((builder) =>
        engine === 'sqlite' ? builder.modifyEnd(sql`without rowid`) : builder,
      );
  await rollup('insight_counts')
    .addColumn('day', 'varchar(10)', (column) => column.notNull())
    .addColumn('call', 'varchar(64)', (column) => column.notNull())
    .addColumn('source', 'varchar(253)', (column) => column.notNull())
    .addColumn('medium', 'varchar(100)', (column) => column.notNull())
    .addColumn('campaign', 'varchar(100)', (column) => column.notNull())
    .addColumn('kind', 'varchar(9)', (column) => column.notNull())
    .addColumn('step_id', 'varchar(40)', (column) => column.notNull())
    .addColumn('path', 'varchar(200)', (column) => column.notNull())
    .addColumn('visits', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('insight_counts_key', [
      'day',
      'call',
      'source',
      'medium',
      'campaign',
      'kind',
      'step_id',
      'path',
    ])
    .execute();
  // In the order the median reads them: a step's times in order, then the period, source and call.
  await rollup('insight_step_times')
    .addColumn('step_id', 'varchar(40)', (column) => column.notNull())
    .addColumn('ms', 'integer', (column) => column.notNull())
    .addColumn('day', 'varchar(10)', (column) => column.notNull())
    .addColumn('source', 'varchar(253)', (column) => column.notNull())
    .addColumn('call', 'varchar(64)', (column) => column.notNull())
    .addColumn('visit_id', 'varchar(36)', (column) => column.notNull())
    .addPrimaryKeyConstraint('insight_step_times_key', [
      'step_id',
      'ms',
      'day',
      'source',
      'call',
      'visit_id',
    ])
    .execute();
  await rollup('insight_step_time_counts')
    .addColumn('day', 'varchar(10)', (column) => column.notNull())
    .addColumn('call', 'varchar(64)', (column) => column.notNull())
    .addColumn('source', 'varchar(253)', (column) => column.notNull())
    .addColumn('step_id', 'varchar(40)', (column) => column.notNull())
    .addColumn('bucket', 'integer', (column) => column.notNull())
    .addColumn('visits', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('insight_step_time_counts_key', [
      'day',
      'call',
      'source',
      'step_id',
      'bucket',
    ])
    .execute();
  await fillRollupsByStep(db);
}
