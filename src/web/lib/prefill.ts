import type { ApplicationModel } from '#engine/application-schema.ts';
import { choiceCodec } from '#engine/block-kinds/select.ts';
import { textCodec } from '#engine/block-kinds/text-input.ts';

/**
 * The answers an address fills in (`prefill.<answer path>=…`) that the form takes, by path: the text
 * of a text or e-mail question (without control characters, trimmed, cut to its length), or one of
 * a single select's options. Any other path or value is left out: the applicant then answers as
 * usual.
 */
export function prefilledAnswers(
  model: ApplicationModel,
  prefill: Readonly<Record<string, unknown>>,
): Array<[path: string, value: string]> {
  return Object.entries(prefill).flatMap(([path, given]) => {
    const answer = model.rules.get(path);
    if (!answer || typeof given !== 'string') return [];
    const value = given.replace(/\p{Cc}/gu, '').trim();
    if (value === '') return [];
    const isText =
      answer.codec === textCodec &&
      !answer.isFollowUp &&
      (answer.linkAs === undefined || answer.linkAs === 'email');
    if (isText) return [[path, value.slice(0, answer.maxLength)]];
    const isOption =
      answer.codec === choiceCodec &&
      (answer.options ?? []).some((option) => option.value === value);
    return isOption ? [[path, value]] : [];
  });
}
