const namesByLanguage = new Map<string, Intl.DisplayNames>();

/**
 * A country's name (ISO 3166-1 alpha-2 code) in a language, English unless told, from the
 * runtime's own data (`Intl.DisplayNames`), so no catalogue of names ships; the code itself where
 * the runtime knows no such country.
 */
export function countryNameOf(isoCode2: string, lang = 'en'): string {
  let names = namesByLanguage.get(lang);
  if (!names) {
    names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' });
    namesByLanguage.set(lang, names);
  }
  try {
    return names.of(isoCode2) ?? isoCode2;
  } catch {
    // Not a region code at all (`Intl` throws on `X1`).
    return isoCode2;
  }
}
