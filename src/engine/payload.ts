import {
  buildDefaultValues,
  validateAnswers,
  type ApplicationModel,
  type FieldKind,
} from './application-schema.ts';
import { isActive } from './conditions.ts';
import { isEmptyValue, setAt } from './paths.ts';
import {
  platformFields,
  platformsSentAsFields,
  type PlatformKey,
} from './platforms.ts';

export type PayloadField = { key: string; value: string };

/** The body of `PUT /api/syncPage/:pageId` (CONTRACT §4). */
export type ApplicationPayload = {
  personalInfo: Record<string, unknown>;
  platforms: Record<string, Record<string, string>>;
  fields: PayloadField[];
  /** Only present when a bot filled the honeypot; the server accepts and discards such applications. */
  honeypot?: string;
};

function toAnswerText(value: unknown): string | null {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value))
    return value.length === 0 ? null : value.map(String).join(', ');
  if (isEmptyValue(value) || typeof value === 'object') return null;
  return String(value).trim();
}

function flatten(
  prefix: string,
  value: unknown,
  into: Array<[string, unknown]>,
): void {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value))
      flatten(prefix ? `${prefix}.${key}` : key, child, into);
  } else into.push([prefix, value]);
}

function platformAnswers(
  platform: PlatformKey,
  answers: Record<string, string> | undefined,
) {
  const fields = platformFields(platform);
  const mainField = fields[0]?.key ?? 'handle';
  if (!answers || isEmptyValue(answers[mainField])) return null;
  return Object.fromEntries(
    fields.flatMap((field) =>
      isEmptyValue(answers[field.key])
        ? []
        : [[field.key, String(answers[field.key]).trim()]],
    ),
  ) as Record<string, string>;
}

/**
 * CONTRACT §4: flattens `fields` to dotted keys with Yes/No and `", "` joins, drops empty and
 * hidden or disabled answers, keeps platforms that have a handle (website: a url), moves LinkedIn,
 * Threads and Reddit under `fields.single.<platform>`, and never sends `agreement` or `platforms.filled`.
 */
export function buildPayload(
  values: Record<string, unknown>,
  model: ApplicationModel,
): ApplicationPayload {
  const isSent = (path: string) => isActive(path, values, model.rules);
  const personalInfo: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(
    (values.personalInfo ?? {}) as Record<string, unknown>,
  )) {
    if (!isSent(`personalInfo.${key}`)) continue;
    if (key === 'phone') {
      const phone = Object.fromEntries(
        Object.entries((value ?? {}) as Record<string, unknown>).flatMap(
          ([part, text]) =>
            isEmptyValue(text) ? [] : [[part, String(text).trim()]],
        ),
      );
      if (Object.keys(phone).length > 0) personalInfo.phone = phone;
      continue;
    }
    const text = toAnswerText(value);
    if (text !== null && text !== '') personalInfo[key] = text;
  }

  const fields: PayloadField[] = [];
  const flat: Array<[string, unknown]> = [];
  flatten('', values.fields ?? {}, flat);
  for (const [key, value] of flat) {
    if (!isSent(`fields.${key}`)) continue;
    const text = toAnswerText(value);
    if (text !== null && text !== '') fields.push({ key, value: text });
  }

  const platforms: Record<string, Record<string, string>> = {};
  const platformValues = (values.platforms ?? {}) as Record<
    string,
    Record<string, string> | undefined
  >;
  for (const platform of model.platforms) {
    const answers = platformAnswers(platform, platformValues[platform]);
    if (!answers) continue;
    if (platformsSentAsFields.has(platform))
      for (const [key, value] of Object.entries(answers))
        fields.push({ key: `single.${platform}.${key}`, value });
    else platforms[platform] = answers;
  }

  const payload: ApplicationPayload = { personalInfo, platforms, fields };
  if (typeof values.honeypot === 'string' && values.honeypot.trim() !== '')
    payload.honeypot = values.honeypot;
  return payload;
}

export type PayloadIssue = { path: string; message: string };

export type ParsedPayload =
  | { ok: true; payload: ApplicationPayload; isHoneypot: boolean }
  | { ok: false; issues: PayloadIssue[] };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The server's reading of a submission: the payload is turned back into the form's answers and
 * checked by the same schema the browser uses, then rebuilt with `buildPayload`, so what is stored
 * is trimmed, in a fixed order, and free of anything the form would not have sent.
 */
export function parsePayload(
  input: unknown,
  model: ApplicationModel,
): ParsedPayload {
  const issues: PayloadIssue[] = [];
  const fail = (path: string, message: string) =>
    issues.push({ path, message });
  if (!isPlainObject(input))
    return {
      ok: false,
      issues: [{ path: '(body)', message: 'Expected a JSON object' }],
    };
  const values = buildDefaultValues(model);
  const allowedTop = new Set([
    'personalInfo',
    'platforms',
    'fields',
    'honeypot',
  ]);
  for (const key of Object.keys(input))
    if (!allowedTop.has(key)) fail(key, 'Unknown key');

  const personalInfo = input.personalInfo ?? {};
  if (!isPlainObject(personalInfo)) fail('personalInfo', 'Expected an object');
  else
    for (const [key, value] of Object.entries(personalInfo)) {
      const path = `personalInfo.${key}`;
      const rule = model.rules.get(path);
      if (!rule) fail(path, 'Unknown key');
      else if (rule.kind === 'phone') {
        if (!isPlainObject(value))
          fail(path, 'Expected an object with countryCode and subscriber');
        else
          for (const [part, text] of Object.entries(value)) {
            if (part !== 'countryCode' && part !== 'subscriber')
              fail(`${path}.${part}`, 'Unknown key');
            else if (typeof text !== 'string')
              fail(`${path}.${part}`, 'Expected text');
            else setAt(values, `${path}.${part}`, text);
          }
      } else readAnswer(path, value, rule.kind, values, fail);
    }

  const platforms = input.platforms ?? {};
  const offered = new Set(
    model.platforms.filter((platform) => !platformsSentAsFields.has(platform)),
  );
  if (!isPlainObject(platforms)) fail('platforms', 'Expected an object');
  else
    for (const [platform, answers] of Object.entries(platforms)) {
      const path = `platforms.${platform}`;
      if (!offered.has(platform as PlatformKey)) fail(path, 'Unknown platform');
      else if (!isPlainObject(answers)) fail(path, 'Expected an object');
      else {
        const keys = new Set(
          platformFields(platform as PlatformKey).map((field) => field.key),
        );
        for (const [key, text] of Object.entries(answers)) {
          if (!keys.has(key)) fail(`${path}.${key}`, 'Unknown key');
          else if (typeof text !== 'string')
            fail(`${path}.${key}`, 'Expected text');
          else setAt(values, `${path}.${key}`, text);
        }
      }
    }

  const fields = input.fields ?? [];
  const seen = new Set<string>();
  if (!Array.isArray(fields)) fail('fields', 'Expected an array');
  else
    fields.forEach((field: unknown, index) => {
      const at = `fields[${index}]`;
      if (
        !isPlainObject(field) ||
        typeof field.key !== 'string' ||
        typeof field.value !== 'string'
      ) {
        fail(at, 'Expected { "key": text, "value": text }');
        return;
      }
      if (Object.keys(field).some((key) => key !== 'key' && key !== 'value'))
        fail(at, 'Unknown key');
      if (seen.has(field.key)) fail(at, `"${field.key}" is sent twice`);
      seen.add(field.key);
      const platformMatch =
        /^single\.(linkedin|threads|reddit)\.(handle|followers)$/.exec(
          field.key,
        );
      if (
        platformMatch &&
        model.platforms.includes(platformMatch[1] as PlatformKey)
      ) {
        setAt(
          values,
          `platforms.${platformMatch[1]}.${platformMatch[2]}`,
          field.value,
        );
        return;
      }
      const path = `fields.${field.key}`;
      const rule = model.rules.get(path);
      if (!rule) fail(at, `Unknown key "${field.key}"`);
      else readAnswer(path, field.value, rule.kind, values, fail);
    });

  if (input.honeypot !== undefined && typeof input.honeypot !== 'string')
    fail('honeypot', 'Expected text');
  if (issues.length > 0) return { ok: false, issues };

  // CONTRACT §4 never sends the agreement: the browser requires it, the server cannot see it.
  if (model.rules.has('agreement')) values.agreement = true;
  issues.push(...validateAnswers(values, model));
  const payload = buildPayload(values, model);
  // A value the form would have left out (hidden or disabled by a condition) is refused, not dropped silently.
  for (const path of answeredPaths(input))
    if (model.rules.has(path) && !isActive(path, values, model.rules))
      fail(path, 'This answer is not asked for');
  if (issues.length > 0) return { ok: false, issues };
  const isHoneypot =
    typeof input.honeypot === 'string' && input.honeypot.trim() !== '';
  delete payload.honeypot;
  return { ok: true, payload, isHoneypot };
}

function readAnswer(
  path: string,
  value: unknown,
  kind: FieldKind,
  values: Record<string, unknown>,
  fail: (path: string, message: string) => void,
): void {
  if (typeof value !== 'string') return void fail(path, 'Expected text');
  if (kind === 'boolean' || kind === 'checkbox') {
    if (value !== 'Yes' && value !== 'No')
      return void fail(path, 'Expected "Yes" or "No"');
    setAt(values, path, value === 'Yes');
  } else if (kind === 'choices') setAt(values, path, value.split(', '));
  else setAt(values, path, value);
}

function answeredPaths(input: Record<string, unknown>): string[] {
  const personal = isPlainObject(input.personalInfo)
    ? Object.keys(input.personalInfo).map((key) => `personalInfo.${key}`)
    : [];
  const fields = Array.isArray(input.fields)
    ? input.fields.flatMap((field: unknown) =>
        isPlainObject(field) && typeof field.key === 'string'
          ? [`fields.${field.key}`]
          : [],
      )
    : [];
  return [...personal, ...fields];
}
