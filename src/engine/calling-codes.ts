import {
  countries,
  sharedCallingCodeDefaults,
} from '../reference-data/countries.ts';
import type { SelectOption } from './config-schema.ts';
import { inLanguage } from './options.ts';

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

const callingCodeOptionsByLanguage = new Map<
  string,
  readonly CallingCodeOption[]
>();

/** The calling-code options as a picker lists them in a language ("Deutschland +49"), made once per language. */
export function callingCodeOptionsIn(
  lang: string,
): readonly CallingCodeOption[] {
  let options = callingCodeOptionsByLanguage.get(lang);
  if (!options) {
    const shipped = new Map(
      countries.map((entry) => [entry.isoCode2, entry.country]),
    );
    options = inLanguage(
      callingCodeOptions,
      lang,
      (option, nameOf) =>
        `${nameOf(option.isoCode2, shipped.get(option.isoCode2) ?? option.isoCode2)} +${option.code}`,
    );
    callingCodeOptionsByLanguage.set(lang, options);
  }
  return options;
}

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

/** A phone number as libphonenumber reads it: its calling code, the digits after it, its country if known. */
type ReadNumber = {
  countryCallingCode: string;
  nationalNumber: string;
  country?: string | undefined;
};

const codeDigits = (option: CallingCodeOption) =>
  option.code.replace(/\D/g, '');

/**
 * The calling-code option of a read number and the digits after that code: the option of the
 * number's own country whose code begins it (+1-876 for Jamaica), else the option shown when its
 * code begins it, else the option shown for the bare calling code.
 */
export function splitPhoneNumber(
  number: ReadNumber,
  shown: CallingCodeOption | undefined,
  countryCode: string,
): { option: CallingCodeOption; subscriber: string } | undefined {
  const digits = `${number.countryCallingCode}${number.nationalNumber}`;
  const begins = (option: CallingCodeOption | undefined) =>
    option !== undefined && digits.startsWith(codeDigits(option));
  const option =
    callingCodeOptions.find(
      (candidate) => candidate.isoCode2 === number.country && begins(candidate),
    ) ??
    (begins(shown) ? shown : undefined) ??
    callingCodeOptionFor(number.countryCallingCode, countryCode);
  return (
    option && { option, subscriber: digits.slice(codeDigits(option).length) }
  );
}
