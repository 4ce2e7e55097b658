import { readFileSync } from 'node:fs';

/** Every bench's budgets, by name, as `bench/budgets.json` sets them; a bench run from the repository's root reads them. */
export const budgets = JSON.parse(
  readFileSync('bench/budgets.json', 'utf8'),
) as Record<string, number>;
