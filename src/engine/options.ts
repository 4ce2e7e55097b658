import { caProvinces } from '../reference-data/ca-provinces.ts';
import { countries } from '../reference-data/countries.ts';
import { usStates } from '../reference-data/us-states.ts';
import type { SelectOption } from './config-schema.ts';

/** The language the shipped country names are written in. */
const listLanguage = 'en';

const isListLanguage = (lang: string) =>
  new Intl.Locale(lang).language === listLanguage;

/**
 * A country's name in a language, from the browser's own data (`Intl.DisplayNames`), so no
 * catalogue of names ships; the shipped English name where the engine has none.
 */
function countryNameIn(
  lang: string,
): (isoCode2: string, shipped: string) => string {
  if (isListLanguage(lang)) return (_isoCode2, shipped) => shipped;
  const names = new Intl.DisplayNames([lang], {
    type: 'region',
    fallback: 'none',
  });
  return (isoCode2, shipped) => names.of(isoCode2) ?? shipped;
}

/**
 * The countries of a list in a language: the shipped list as it is in English; in another
 * language each named in it and in its alphabetical order.
 */
export function inLanguage<T extends { name: string }>(
  list: readonly T[],
  lang: string,
  rename: (item: T, nameOf: ReturnType<typeof countryNameIn>) => string,
): readonly T[] {
  if (isListLanguage(lang)) return list;
  const nameOf = countryNameIn(lang);
  const collator = new Intl.Collator(lang);
  return list
    .map((item) => ({ ...item, name: rename(item, nameOf) }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

const countryOptions: readonly SelectOption[] = countries.map((entry) => ({
  name: entry.country,
  value: entry.isoCode2,
}));

const countryOptionsByLanguage = new Map<string, readonly SelectOption[]>();

/** The country options in a language, made once per language. */
function countryOptionsIn(lang: string): readonly SelectOption[] {
  let options = countryOptionsByLanguage.get(lang);
  if (!options) {
    options = inLanguage(countryOptions, lang, (option, nameOf) =>
      nameOf(option.value, option.name),
    );
    countryOptionsByLanguage.set(lang, options);
  }
  return options;
}

/** The options of a select block: a named reference list (countries in `lang`) or the configuration's own. */
export function resolveOptions(
  source: string | readonly SelectOption[],
  lang: string | undefined,
): readonly SelectOption[] {
  if (typeof source !== 'string') return source;
  if (source === 'usStates') return usStates;
  if (source === 'caProvinces') return caProvinces;
  return countryOptionsIn(lang ?? listLanguage);
}
