import {
  buildApplicationSchema,
  emptyGroups,
  valueOf,
  type ApplicationModel,
  type ApplicationValues,
} from './application-schema.ts';
import type { EntryReader, FieldIssue } from './block-kinds/answer.ts';
import { isActive } from './conditions.ts';
import { hiddenFieldsOf, hiddenValuesProblem } from './hidden-fields.ts';
import { getAt, setAt } from './paths.ts';
import {
  platformKeys,
  platformLocation,
  type PlatformKey,
} from './platforms.ts';

type PayloadField = { key: string; value: string };

/** The body of `PUT /api/syncPage/:pageId`. */
export type ApplicationPayload = {
  personalInfo: Record<string, unknown>;
  platforms: Record<string, Record<string, string>>;
  fields: PayloadField[];
  /** Only present when a bot filled the honeypot; the server accepts and discards such applications. */
  honeypot?: string;
  /** The language the applicant read the form in (a tag of the form's languages). */
  language?: string;
  /** The values of the form's hidden fields the applicant's address carried, by name. */
  hidden?: Record<string, string>;
};

const fieldsPrefix = 'fields.';

/**
 * The payload of the answers the applicant is asked: each answer encodes itself (trimmed, empty
 * ones left out); hidden and disabled answers are not sent, even when they hold a value.
 * `personalInfo` and `platforms` entries nest by their dotted location; `fields` is the flat list
 * of everything below `fields`.
 */
export function buildPayload(
  values: Record<string, unknown>,
  model: ApplicationModel,
): ApplicationPayload {
  const payload: ApplicationPayload = {
    personalInfo: {},
    platforms: {},
    fields: [],
  };
  for (const answer of model.answers) {
    if (!isActive(answer.path, values, model.rules)) continue;
    for (const { location, text } of answer.codec.encode(
      valueOf(answer, values),
      answer,
    ))
      if (location.startsWith(fieldsPrefix))
        payload.fields.push({
          key: location.slice(fieldsPrefix.length),
          value: text,
        });
      else setAt(payload, location, text);
  }
  if (typeof values.honeypot === 'string' && values.honeypot.trim() !== '')
    payload.honeypot = values.honeypot;
  return payload;
}

export type ParsedPayload =
  | { ok: true; payload: ApplicationPayload; isHoneypot: boolean }
  | { ok: false; issues: FieldIssue[] };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

type Entry = { text: unknown; path: string };

/** The payload as entries by location, `personalInfo.phone.countryCode` or `fields.single.animal.value`. */
function gatherEntries(
  payload: ApplicationPayload,
  fail: EntryReader['fail'],
): Map<string, Entry> {
  const entries = new Map<string, Entry>();
  const walk = (location: string, value: unknown) => {
    if (isPlainObject(value))
      for (const [key, child] of Object.entries(value))
        walk(`${location}.${key}`, child);
    else entries.set(location, { text: value, path: location });
  };
  walk('personalInfo', payload.personalInfo);
  walk('platforms', payload.platforms);
  payload.fields.forEach((field, index) => {
    const location = `${fieldsPrefix}${field.key}`;
    if (entries.has(location))
      fail(`fields[${index}]`, `"${field.key}" is sent twice`);
    else entries.set(location, { text: field.value, path: `fields[${index}]` });
  });
  return entries;
}

/** Lets every answer take its entries; returns the answers, which of them were sent, and what is left. */
function decodeAnswers(
  payload: ApplicationPayload,
  model: ApplicationModel,
  fail: EntryReader['fail'],
) {
  const entries = gatherEntries(payload, fail);
  const answered = new Set<string>();
  // Each answer sets its own path below.
  const values = emptyGroups();
  // One reader for every answer, told whose turn it is, rather than one made for each answer of
  // each application read: an export reads every stored application this way.
  let reading = '';
  const reader: EntryReader = {
    take(location) {
      const entry = entries.get(location);
      if (!entry) return undefined;
      entries.delete(location);
      answered.add(reading);
      if (typeof entry.text !== 'string') {
        fail(entry.path, 'Expected text');
        return undefined;
      }
      return entry.text;
    },
    fail,
  };
  for (const answer of model.answers) {
    reading = answer.path;
    setAt(values, answer.path, answer.codec.decode(reader, answer));
  }
  return { values, answered, leftover: entries };
}

/**
 * The server's reading of a submission whose shape is checked: each answer decodes itself, the
 * schema of the browser's form checks the answers, and the payload is built again from them, so what
 * is stored is trimmed, in the order of the form, and holds nothing the form would not send.
 * Anything left over, and anything the form would have hidden, is refused by name.
 */
export function parsePayload(
  input: ApplicationPayload,
  model: ApplicationModel,
): ParsedPayload {
  const issues: FieldIssue[] = [];
  const fail = (path: string, message: string) =>
    issues.push({ path, message });
  const { values, answered, leftover } = decodeAnswers(input, model, fail);
  for (const [location, { path }] of leftover)
    fail(
      path,
      location.startsWith(fieldsPrefix)
        ? `Unknown key "${location.slice(fieldsPrefix.length)}"`
        : 'Unknown key',
    );
  const hiddenProblem =
    input.hidden &&
    hiddenValuesProblem(input.hidden, hiddenFieldsOf(model.config));
  if (hiddenProblem) fail(hiddenProblem.path, hiddenProblem.message);
  if (issues.length > 0) return { ok: false, issues };
  // A value the form would have left out (hidden or disabled by a condition) is refused, not dropped silently.
  for (const answer of model.answers)
    if (
      answered.has(answer.path) &&
      !isActive(answer.path, values, model.rules)
    )
      fail(answer.path, 'This answer is not asked for');
  const checked = schemaOf(model).safeParse(values);
  if (!checked.success)
    for (const issue of checked.error.issues)
      fail(issue.path.join('.'), issue.message);
  if (issues.length > 0) return { ok: false, issues };
  const isHoneypot =
    typeof input.honeypot === 'string' && input.honeypot.trim() !== '';
  const payload = buildPayload(values, model);
  if (typeof input.language === 'string') payload.language = input.language;
  if (input.hidden && Object.keys(input.hidden).length > 0)
    payload.hidden = input.hidden;
  return { ok: true, payload, isHoneypot };
}

const schemas = new WeakMap<
  ApplicationModel,
  ReturnType<typeof buildApplicationSchema>
>();

/** The model's schema, built once: the server checks every submission with it. */
function schemaOf(model: ApplicationModel) {
  let schema = schemas.get(model);
  if (!schema) {
    schema = buildApplicationSchema(model);
    schemas.set(model, schema);
  }
  return schema;
}

/**
 * A reader of a stored payload, which was checked when it was stored: each answer's entries are
 * read where they are, and nothing is gathered, counted or reported. An export reads every stored
 * application this way.
 */
function storedEntries(payload: ApplicationPayload): EntryReader {
  let fields: Map<string, string> | undefined;
  return {
    take(location) {
      let value: unknown;
      if (location.startsWith(fieldsPrefix)) {
        fields ??= new Map(
          payload.fields.map((field) => [field.key, field.value]),
        );
        value = fields.get(location.slice(fieldsPrefix.length));
      } else value = getAt(payload, location);
      return typeof value === 'string' ? value : undefined;
    },
    fail: () => undefined,
  };
}

/** The answers of a stored payload, as the form held them. */
export function decodePayload(
  payload: ApplicationPayload,
  model: ApplicationModel,
): ApplicationValues {
  const reader = storedEntries(payload);
  const values = emptyGroups();
  for (const answer of model.answers)
    setAt(values, answer.path, answer.codec.decode(reader, answer));
  return values;
}

/** A platform an application names: its handle or address, and its followers when it has any. */
export type PlatformAnswer = {
  platform: PlatformKey;
  handle: string;
  followers: number;
};

/**
 * The platforms of a stored application, wherever they travel in the payload (LinkedIn, Threads
 * and Reddit under `fields.single`), in the order of the platform list: what the inbox shows and
 * sorts by.
 */
export function platformAnswersOf(
  payload: ApplicationPayload,
): PlatformAnswer[] {
  const entries = gatherEntries(payload, () => undefined);
  const text = (platform: PlatformKey, key: string) => {
    const value = entries.get(platformLocation(platform, key))?.text;
    return typeof value === 'string' ? value : '';
  };
  return platformKeys.flatMap((platform) => {
    const handle = text(platform, 'handle') || text(platform, 'url');
    if (!handle) return [];
    const followers = Number(text(platform, 'followers'));
    return [
      {
        platform,
        handle,
        followers: Number.isSafeInteger(followers) ? followers : 0,
      },
    ];
  });
}
