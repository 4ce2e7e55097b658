import type * as z from 'zod/mini';
import type { ConditionalRule } from '../conditions.ts';
import type {
  Block,
  BlockComponent,
  SelectOption,
  Validator,
} from '../config-schema.ts';
import type { PlatformKey } from '../platforms.ts';
import type { Texts } from '../texts.ts';

/** One question of the form as the model knows it: where its value lives, its rules and its codec. */
export type Answer = ConditionalRule & {
  /** Where the form holds the value, e.g. `fields.single.animal.value`. */
  path: string;
  /** The question as the applicant read it. */
  label: string;
  codec: AnswerCodec;
  validators: Validator[];
  maxLength: number;
  /** Every option the answer may take; with `optionSets`, those of all the sets. */
  options?: readonly SelectOption[] | undefined;
  /** Options that follow another answer: the set, and the question's words, for each of its values. */
  optionSets?:
    | {
        from: string;
        sets: Readonly<
          Record<string, { label: string; options: readonly SelectOption[] }>
        >;
      }
    | undefined;
  /** A follow-up is shown, and read, under the question it depends on. */
  isFollowUp: boolean;
  /** `email`, `tel` and `url` text answers become links when shown to staff. */
  linkAs?: 'email' | 'tel' | 'url' | undefined;
  /** The platforms a platforms answer offers and requires. */
  platforms?: {
    offered: readonly PlatformKey[];
    required: readonly PlatformKey[];
  };
};

export type FieldIssue = { path: string; message: string };

/** One `personalInfo`, `platforms` or `fields` value of the payload, by its dotted location (`fields.single.x`). */
export type PayloadEntry = { location: string; text: string };

/** What a codec reads a payload through: each location can be taken once; what is left over is unknown. */
export type EntryReader = {
  take: (location: string) => string | undefined;
  fail: (path: string, message: string) => void;
};

/** An answer as a person reads it: the question, the display text, and a link where one helps. */
export type ShownAnswer = {
  /** Stable across label changes: the answer's path, or the platform's. */
  key: string;
  question: string;
  text: string;
  href?: string;
  isFollowUp?: boolean;
};

export type DisplayContext = {
  texts: Texts;
  lang: string;
  /** Groups an international number (`+12025550123` → `+1 202 555 0123`); the caller brings the numbering plan data. */
  formatPhone: (international: string) => string;
  /** Whether answers carry their links (`mailto:`, `tel:`, a profile's address): a page follows them, a spreadsheet does not. */
  links: boolean;
};

/**
 * How one kind of answer lives in the form, in the payload and in front of a person. Encoding and
 * decoding sit side by side so that `decode(encode(value))` gives the value back, trimmed, as
 * `round-trip.test.ts` checks for every kind at every place it binds: that test, not the types,
 * keeps the browser's payload and the server's reading of it in step.
 */
export type AnswerCodec<Value = unknown> = {
  /** The shape of the value in the form; the rules are `check`. */
  schema: (answer: Answer) => z.ZodMiniType<Value>;
  /** The value of an unanswered question. */
  empty: (answer: Answer) => Value;
  /** The messages for a value that breaks the answer's rules, on the paths react-hook-form shows them. */
  check: (
    value: Value,
    answer: Answer,
    texts: Texts,
    /** Every answer of the form, for rules that depend on another (options that follow one). */
    values: unknown,
  ) => FieldIssue[];
  /** The payload entries of a value; nothing for an empty one. */
  encode: (value: Value, answer: Answer) => PayloadEntry[];
  /** The value back from the payload; missing entries read as unanswered. */
  decode: (reader: EntryReader, answer: Answer) => Value;
  /** The display of a value for staff, e-mails and exports; nothing for an empty one. */
  show: (
    value: Value,
    answer: Answer,
    context: DisplayContext,
  ) => ShownAnswer[];
  /** The export columns of the answer, with the keys `show` uses. */
  columns: (
    answer: Answer,
    texts: Texts,
  ) => Array<{ key: string; question: string }>;
};

/** Lets each codec be written against its own value type and stored beside the others. */
export function defineCodec<Value>(codec: AnswerCodec<Value>): AnswerCodec {
  return codec as unknown as AnswerCodec;
}

export type BlockOf<K extends BlockComponent> = Extract<
  Block,
  { component: K }
>;

/** An answer as its block kind states it; `maxLength` defaults to a single line's cap. */
export type AnswerDraft = Omit<
  Answer,
  'validators' | 'showOn' | 'disableOn' | 'maxLength'
> &
  Partial<Pick<Answer, 'validators' | 'showOn' | 'disableOn' | 'maxLength'>>;

/** What the engine knows of one block kind: the answers it asks (where it may bind is `placements.ts`). */
export type BlockKind<K extends BlockComponent> = {
  /** The answers of the block, in the order it shows them; formItems add validators and conditions. */
  answers: (block: BlockOf<K>, context: AnswerContext) => AnswerDraft[];
};

export type AnswerContext = {
  /** The language the form is read in, which names the countries a list offers (English when unsaid). */
  lang?: string | undefined;
  offeredPlatforms: readonly PlatformKey[];
  requiredPlatforms: readonly PlatformKey[];
};

/** The question column of an answer whose one entry sits at its own path. */
export const ownColumn = (answer: Answer) => [
  { key: answer.path, question: answer.label },
];

/** One text entry at the answer's own path, trimmed, or nothing when it is blank. */
export function textEntry(path: string, text: string): PayloadEntry[] {
  const trimmed = text.trim();
  return trimmed === '' ? [] : [{ location: path, text: trimmed }];
}

/** True when the configuration marks the answer with `*`. */
export function isRequiredAnswer(answer: Answer | undefined): boolean {
  return answer?.validators.includes('required') ?? false;
}
