import type { Kysely } from 'kysely';
import type { DatabaseSchema } from './tables.ts';
import type { InsightPeriod } from './insights-read.ts';

/** One language's visits and applications in a period; null: recorded before forms had languages. */
export type LanguageCount = {
  language: string | null;
  visits: number;
  applications: number;
};

/** The instant a UTC day ends: the next one's start. */
const endOfDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();

/**
 * The visits and the applications of a period per language, most visited first. Visits are
 * counted from the visits themselves (a visit keeps the language of its first report);
 * applications by the language each was written in, on the days they were received.
 */
export async function countsByLanguage(
  db: Kysely<DatabaseSchema>,
  period: InsightPeriod,
): Promise<LanguageCount[]> {
  const [visits, applications] = await Promise.all([
    db
      .selectFrom('insight_visits')
      .select(['language', (eb) => eb.fn.countAll().as('count')])
      .where('day', '>=', period.from)
      .where('day', '<=', period.to)
      .$if(period.call !== undefined, (query) =>
        query.where('call', '=', period.call as string),
      )
      .$if(period.source !== undefined, (query) =>
        query.where('source', '=', period.source as string),
      )
      .groupBy('language')
      .execute(),
    db
      .selectFrom('applications')
      .select(['language', (eb) => eb.fn.countAll().as('count')])
      .where('received_at', '>=', `${period.from}T00:00:00.000Z`)
      .where('received_at', '<', endOfDay(period.to))
      .$if(period.call !== undefined, (query) =>
        query.where('call_slug', '=', period.call as string),
      )
      .$if(period.source !== undefined, (query) =>
        query.where('source', '=', period.source as string),
      )
      .groupBy('language')
      .execute(),
  ]);
  const counts = new Map<string | null, LanguageCount>();
  const countOf = (language: string | null) => {
    const known = counts.get(language) ?? {
      language,
      visits: 0,
      applications: 0,
    };
    counts.set(language, known);
    return known;
  };
  for (const row of visits) countOf(row.language).visits += Number(row.count);
  for (const row of applications)
    countOf(row.language).applications += Number(row.count);
  return [...counts.values()].sort(
    (a, b) =>
      b.visits - a.visits ||
      b.applications - a.applications ||
      (a.language ?? '').localeCompare(b.language ?? ''),
  );
}
