import fc from 'fast-check';
import {
  buildDefaultValues,
  type ApplicationModel,
  type ApplicationValues,
} from '../../src/engine/application-schema.ts';
import {
  isRequiredAnswer,
  type Answer,
} from '../../src/engine/block-kinds/answer.ts';
import { checkboxCodec } from '../../src/engine/block-kinds/checkbox.ts';
import { agreementPath } from '../../src/engine/block-kinds/placements.ts';
import { phoneCodec } from '../../src/engine/block-kinds/phone.ts';
import { platformsCodec } from '../../src/engine/block-kinds/platforms.ts';
import {
  choiceCodec,
  choicesCodec,
} from '../../src/engine/block-kinds/select.ts';
import { textCodec } from '../../src/engine/block-kinds/text-input.ts';
import { yesNoCodec } from '../../src/engine/block-kinds/yes-no.ts';
import { isActive } from '../../src/engine/conditions.ts';
import { setAt } from '../../src/engine/paths.ts';
import {
  platformFields,
  type PlatformKey,
} from '../../src/engine/platforms.ts';

/**
 * What the answers are drawn from: `normal` is what the form can hold after trimming (each value
 * should come back from the payload unchanged), `any` adds padding and half-filled platforms, and
 * `plausible` is mostly valid with an occasional wrong answer, so both verdicts are common.
 */
export type Mode = 'normal' | 'any' | 'plausible';

// Whole characters, as a keyboard or a paste gives them: never half a UTF-16 pair, never NUL (the
// server refuses both, with a test of its own).
const anyText = fc
  .string({ unit: 'grapheme', maxLength: 40 })
  .map((text) => text.replaceAll('\u0000', ''));
const padded = fc
  .tuple(
    fc.constantFrom('', ' ', '\t', '\n '),
    anyText,
    fc.constantFrom('', ' ', '  '),
  )
  .map(([before, text, after]) => `${before}${text}${after}`);

/** Mostly the valid sample, once in a while anything at all. */
const mostly = <T>(valid: fc.Arbitrary<T>, wrong: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 60, arbitrary: valid }, { weight: 1, arbitrary: wrong });

const validSamples: Record<string, string> = {
  email: 'ada@example.com',
  digits: '12345',
  zip: '90210',
  phoneText: '+44 20 7946 0000',
  handle: 'ada.travels',
  followers: '12000',
  websiteUrl: 'ada.example.com',
};

function textArbitrary(answer: Answer, mode: Mode): fc.Arbitrary<string> {
  if (mode === 'normal') return anyText.map((text) => text.trim());
  if (mode === 'any') return padded;
  const named = answer.validators.find(
    (validator) => typeof validator === 'string' && validator in validSamples,
  );
  return mostly(
    fc.constant(
      typeof named === 'string' ? (validSamples[named] ?? '') : 'An answer',
    ),
    padded,
  );
}

/**
 * Only a platform with its main field filled is sent, so a platform without it is empty in the
 * normal form. The plausible answers keep to that too: the form asks for the handle of a platform
 * whose followers alone are filled, and the server, which never sees those followers, cannot.
 */
function withoutOrphans(platform: PlatformKey, value: Record<string, string>) {
  const fields = platformFields(platform);
  return (value[fields[0]?.key ?? ''] ?? '').trim() === ''
    ? Object.fromEntries(fields.map((field) => [field.key, '']))
    : value;
}

const validPlatformSample: Record<string, string> = {
  handle: 'ada.travels',
  count: '12000',
  url: 'ada.example.com',
};

function platformsArbitrary(answer: Answer, mode: Mode) {
  const offered = answer.platforms?.offered ?? [];
  const platformValue = offered.map((platform, index) => {
    const fields = platformFields(platform);
    const drawn = (text: fc.Arbitrary<string>) =>
      fc.record(Object.fromEntries(fields.map((field) => [field.key, text])));
    if (mode === 'any') return drawn(padded);
    if (mode === 'normal')
      return drawn(anyText.map((text) => text.trim())).map((value) =>
        withoutOrphans(platform, value),
      );
    const filled = Object.fromEntries(
      fields.map((field) => [
        field.key,
        index === 0 ? (validPlatformSample[field.kind] ?? '') : '',
      ]),
    );
    return mostly(fc.constant(filled), drawn(padded)).map((value) =>
      withoutOrphans(platform, value),
    );
  });
  return fc
    .tuple(...platformValue)
    .map((values) =>
      Object.fromEntries(
        offered.map((platform, index) => [platform, values[index]]),
      ),
    );
}

function answerArbitrary(answer: Answer, mode: Mode): fc.Arbitrary<unknown> {
  const values = answer.options?.map((option) => option.value) ?? [];
  switch (answer.codec) {
    case textCodec:
      return textArbitrary(answer, mode);
    case choiceCodec:
      return mode === 'plausible'
        ? mostly(fc.constantFrom(...values), fc.constant('not an option'))
        : fc.constantFrom('', ...values);
    case choicesCodec: {
      const chosen = fc.shuffledSubarray(values);
      return mode === 'plausible'
        ? mostly(
            fc.shuffledSubarray(values, { minLength: 1, maxLength: 1 }),
            chosen,
          )
        : chosen;
    }
    case phoneCodec: {
      const code = fc.constantFrom('', '1', '44', '1-809', '999');
      const subscriber = textArbitrary(answer, mode);
      return mode === 'plausible'
        ? mostly(
            fc.constant({ countryCode: '44', subscriber: '7700900123' }),
            fc.record({ countryCode: code, subscriber: padded }),
          )
        : fc.record({ countryCode: code, subscriber }).map((phone) =>
            // A calling code without a number is no answer, and reads back as none.
            mode === 'normal' && phone.subscriber === ''
              ? { countryCode: '', subscriber: '' }
              : phone,
          );
    }
    case yesNoCodec:
      return mode === 'plausible'
        ? mostly(fc.boolean(), fc.constant(null))
        : fc.constantFrom(null, true, false);
    case checkboxCodec:
      return mode === 'plausible'
        ? mostly(fc.constant(true), fc.boolean())
        : fc.boolean();
    case platformsCodec:
      return platformsArbitrary(answer, mode);
    default:
      throw new Error(`No arbitrary for the answer at ${answer.path}`);
  }
}

/** Answers for every question of the model; in `normal` mode, hidden ones are empty, as a payload brings them back. */
export function answersArbitrary(
  model: ApplicationModel,
  mode: Mode,
): fc.Arbitrary<ApplicationValues> {
  return fc
    .tuple(...model.answers.map((answer) => answerArbitrary(answer, mode)))
    .map((drawn) => {
      const values = buildDefaultValues(model);
      model.answers.forEach((answer, index) =>
        setAt(values, answer.path, drawn[index]),
      );
      if (mode !== 'normal') return values;
      for (const answer of model.answers) {
        if (answer.path === agreementPath)
          setAt(values, answer.path, isRequiredAnswer(answer));
        else if (!isActive(answer.path, values, model.rules))
          setAt(values, answer.path, answer.codec.empty(answer));
      }
      return values;
    });
}
