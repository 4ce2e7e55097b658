import {
  countries,
  sharedCallingCodeDefaults,
} from '../reference-data/countries.ts';
import type { SelectOption } from './config-schema.ts';

/** One option per country and calling code; the value `US:1` keeps countries that share a code apart. */
export type CallingCodeOption = SelectOption & {
  code: string;
  isoCode2: string;
};

export const callingCodeOptions: readonly CallingCodeOption[] =
  countries.flatMap((entry) =>
    entry.countryCodes.map((code) => ({
      name: `${entry.country} +${code}`,
      value: `${entry.isoCode2}:${code}`,
      code,
      isoCode2: entry.isoCode2,
    })),
  );

/**
 * The option shown for a stored calling code: the applicant's own country when it has that code,
 * else the default country of a shared code (+1 US, +7 RU, +47 NO, +61 AU, +212 MA), else the first holder.
 */
export function callingCodeOptionFor(
  code: string,
  countryCode: string,
): CallingCodeOption | undefined {
  const holders = callingCodeOptions.filter((option) => option.code === code);
  return (
    holders.find((option) => option.isoCode2 === countryCode) ??
    holders.find(
      (option) => option.isoCode2 === sharedCallingCodeDefaults[code],
    ) ??
    holders[0]
  );
}
