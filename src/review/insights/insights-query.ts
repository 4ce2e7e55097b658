import { languageNameIn } from '#engine/languages/language-tags.ts';
/** A UTC day `days` before `now`, as the server counts days. */
const dayBefore = (now: number, days: number) =>
  new Date(now - days * 86_400_000).toISOString().slice(0, 10);

/**
 * What the address asks Insights to count: its own days, else the last N days up to today (30 by
 * default), of one call when it names one (`?call=<slug>`; all calls without).
 */
export function periodOf(params: URLSearchParams, now = Date.now()) {
  const from = params.get('from');
  const to = params.get('to');
  const days = Number(params.get('days') ?? '30') || 30;
  const call = params.get('call');
  return {
    from: from ?? dayBefore(now, days - 1),
    to: to ?? dayBefore(now, 0),
    ...(call && { call }),
  };
}

/** A step's name as the screen shows it: a step the form no longer has says so. */
export const stepName = (step: { name: string; removed: boolean }) =>
  step.removed ? `${step.name} (removed step)` : step.name;

/** The inbox's applications of a source (of the call counted, if one is). */
export function inboxOfSource(source: string, call: string | undefined) {
  const query = new URLSearchParams({ ...(call && { call }), source });
  return `/?${query.toString()}`;
}

/** A language as the team reads it, by its English name; visits from before forms had languages say so. */
export const languageRowName = (language: string | null) =>
  language === null ? 'Not recorded' : languageNameIn(language, 'en');

/** The inbox's applications in a language (of the call counted, if one is). */
export function inboxOfLanguage(language: string, call: string | undefined) {
  const query = new URLSearchParams({ ...(call && { call }), language });
  return `/?${query.toString()}`;
}
