import { engines } from '../../tests/support/databases.ts';

/**
 * Runs a measurement on SQLite and, when TEST_DATABASE_URL answers, on PostgreSQL, saying which
 * engine it skipped; exits 1 when any run was outside its budget.
 */
export async function measureOnEachEngine(
  measure: (engine: 'sqlite' | 'postgres') => Promise<boolean>,
): Promise<never> {
  let isWithin = true;
  for (const engine of ['sqlite', 'postgres'] as const) {
    if (!engines.includes(engine)) {
      process.stdout.write(
        `${engine}: SKIPPED (set TEST_DATABASE_URL to measure it)\n`,
      );
      continue;
    }
    if (!(await measure(engine))) isWithin = false;
  }
  process.exit(isWithin ? 0 : 1);
}
