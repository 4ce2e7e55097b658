import type { ApplicationModel } from './application-schema.ts';
import { isActive } from './conditions.ts';
import { isEmptyValue } from './paths.ts';
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
