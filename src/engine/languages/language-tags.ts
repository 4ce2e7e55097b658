/** A BCP 47 language tag as forms name their languages: `de`, `pt-BR`, `zh-Hant`. */
export const languageTagPattern = /^[a-zA-Z]{2,3}(?:-[a-zA-Z0-9]{2,8})*$/;

type Languages = { lang: string; languages?: readonly string[] | undefined };

/** The languages a form is offered in, its own first. */
export function languagesOf(config: Languages): readonly string[] {
  return config.languages ?? [config.lang];
}

/** A language's name in itself, as a switch offers it: `de` → "Deutsch", `ar` → "العربية". */
export function languageNameOf(tag: string): string {
  const name = new Intl.DisplayNames([tag], { type: 'language' }).of(tag);
  if (!name) return tag;
  return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
}

// Each name found once per reader: looking one up costs a few microseconds, and an export names the
// language of every application it holds, from the few a form offers.
const namesIn = new Map<string, Map<string, string>>();

/** A language's name in the reader's language, as the workspace shows it: `de` in `en` → "German". */
export function languageNameIn(tag: string, reader: string): string {
  let names = namesIn.get(reader);
  if (!names) {
    names = new Map();
    namesIn.set(reader, names);
  }
  let name = names.get(tag);
  if (name === undefined) {
    name = new Intl.DisplayNames([reader], { type: 'language' }).of(tag) ?? tag;
    names.set(tag, name);
  }
  return name;
}

// The scripts written right to left, for engines without `Intl.Locale#getTextInfo`.
const rightToLeft = new Set([
  'ar',
  'arc',
  'ckb',
  'dv',
  'fa',
  'he',
  'ku',
  'ps',
  'sd',
  'ug',
  'ur',
  'yi',
]);

type TextInfo = { direction?: string };
type LocaleWithTextInfo = Intl.Locale & {
  getTextInfo?: () => TextInfo;
  textInfo?: TextInfo;
};

/** Which way a language's text runs, for `<html dir>`. */
export function directionOf(tag: string): 'ltr' | 'rtl' {
  const locale = new Intl.Locale(tag) as LocaleWithTextInfo;
  const direction =
    locale.getTextInfo?.().direction ?? locale.textInfo?.direction;
  if (direction === 'rtl' || direction === 'ltr') return direction;
  return rightToLeft.has(locale.language) ? 'rtl' : 'ltr';
}
