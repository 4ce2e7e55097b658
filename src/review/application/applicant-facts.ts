import { applicantStatusOf, statusTextOf } from '#engine/applicant-status.ts';
import type { Stage } from '#engine/stages.ts';
import { defaultTexts } from '#engine/texts.ts';
import { languageNameIn } from '#engine/languages/language-tags.ts';
import { hiddenFilterKey } from '#review-api/inbox.ts';
import { exactTime } from '#review/lib/format.ts';

/** The line that tells staff what the applicant sees of the application now. */
export const applicantSeesLine = (stage: Stage, toldStage: Stage | null) =>
  `The applicant sees: ${statusTextOf(applicantStatusOf(stage, toldStage), defaultTexts)}`;

/** A decision the applicant has not been told yet: staff may e-mail it, or mark it as told. */
export const isUntoldDecision = (stage: Stage, toldStage: Stage | null) =>
  (stage === 'accepted' || stage === 'declined') && toldStage !== stage;

/** The stage moves staff may make here: none on an application its applicant withdrew. */
export const isMovableByStaff = (stage: Stage) => stage !== 'withdrawn';

/** The address of the list `listHref` with another application open beside it. */
export function openHref(listHref: string, id: string): string {
  const [path = '/', query = ''] = listHref.split('?');
  const params = new URLSearchParams(query);
  params.set('open', id);
  return `${path}?${params.toString()}`;
}

/**
 * The address of the list `listHref` narrowed to the applications with this value of a hidden
 * field (`ref`: one partner's), nothing open: it is the list that was asked for.
 */
export function hiddenFilterHref(
  listHref: string,
  name: string,
  value: string,
): string {
  const [path = '/', query = ''] = listHref.split('?');
  const params = new URLSearchParams(query);
  params.delete('open');
  params.set(hiddenFilterKey(name), value);
  return `${path}?${params.toString()}`;
}

/** The language an application was written in, as staff read it: "Language: German". */
export const languageLine = (language: string) =>
  `Language: ${languageNameIn(language, 'en')}`;

/** What a first application says of each of its person's later ones. */
export const repeatLine = (receivedAt: string) =>
  `Applied again: ${exactTime(receivedAt)}`;

/** What a second application says of the first. */
export const firstLine = (first: { name: string; receivedAt: string }) =>
  `Second application of ${first.name}, first sent ${exactTime(first.receivedAt)}`;
