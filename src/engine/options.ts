import { caProvinces } from '../reference-data/ca-provinces.ts';
import { countries } from '../reference-data/countries.ts';
import { usStates } from '../reference-data/us-states.ts';
import type { SelectOption } from './config-schema.ts';

const countryOptions: readonly SelectOption[] = countries.map((entry) => ({
  name: entry.country,
  value: entry.isoCode2,
}));

/** The options of a select block: a named reference list or the configuration's own. */
export function resolveOptions(
  source: string | readonly SelectOption[],
): readonly SelectOption[] {
  if (typeof source !== 'string') return source;
  if (source === 'usStates') return usStates;
  if (source === 'caProvinces') return caProvinces;
  return countryOptions;
}
