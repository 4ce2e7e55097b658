import * as z from 'zod/mini';
import {
  checkPlatforms,
  platformFields,
  platformLocation,
  platformNames,
  profileUrl,
  type PlatformField,
  type PlatformKey,
} from '../platforms.ts';
import type { Texts } from '../texts.ts';
import { platformsPath } from './placements.ts';
import {
  defineCodec,
  type Answer,
  type BlockKind,
  type ShownAnswer,
} from './answer.ts';

type PlatformsValue = Record<string, Record<string, string>>;

const offeredOf = (answer: Answer) => answer.platforms?.offered ?? [];

/** The platform's name for its main field, "Instagram · Followers" for the other. */
function questionFor(
  platform: PlatformKey,
  field: PlatformField,
  texts: Texts,
): string {
  const name = platformNames[platform];
  return field.key === platformFields(platform)[0]?.key
    ? name
    : `${name} · ${texts[field.label]}`;
}

function answersOf(value: PlatformsValue, platform: PlatformKey) {
  const answers = value[platform] ?? {};
  return platformFields(platform).map((field) => ({
    ...field,
    text: (answers[field.key] ?? '').trim(),
  }));
}

// Building a number format costs far more than using one; an export formats every follower count.
const numberFormats = new Map<string, Intl.NumberFormat>();
function wholeNumbersIn(lang: string): Intl.NumberFormat {
  let format = numberFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(lang);
    numberFormats.set(lang, format);
  }
  return format;
}

/**
 * Every offered platform with its handle and followers (the website: its url and monthly visitors).
 * Only a platform with its main field filled is sent; `platforms.filled`, the group's own rule, never is.
 */
export const platformsCodec = defineCodec<PlatformsValue>({
  schema: (answer) =>
    z.strictObject(
      Object.fromEntries(
        offeredOf(answer).map((platform) => [
          platform,
          z.strictObject(
            Object.fromEntries(
              platformFields(platform).map((field) => [field.key, z.string()]),
            ),
          ),
        ]),
      ),
    ),
  empty: (answer) =>
    Object.fromEntries(
      offeredOf(answer).map((platform) => [
        platform,
        Object.fromEntries(
          platformFields(platform).map((field) => [field.key, '']),
        ),
      ]),
    ),
  check: (value, answer, texts) =>
    checkPlatforms(
      value,
      offeredOf(answer),
      answer.platforms?.required ?? [],
      texts,
    ),
  encode: (value, answer) =>
    offeredOf(answer).flatMap((platform) => {
      const fields = answersOf(value, platform);
      if (fields[0]?.text === '') return [];
      return fields.flatMap((field) =>
        field.text === ''
          ? []
          : [
              {
                location: platformLocation(platform, field.key),
                text: field.text,
              },
            ],
      );
    }),
  // Loops, not maps of entries: an export decodes and shows every offered platform of every application.
  decode(reader, answer) {
    const value: PlatformsValue = {};
    for (const platform of offeredOf(answer)) {
      const fields: Record<string, string> = {};
      for (const field of platformFields(platform))
        fields[field.key] =
          reader.take(platformLocation(platform, field.key)) ?? '';
      value[platform] = fields;
    }
    return value;
  },
  show(value, answer, { texts, lang, links }) {
    const shown: ShownAnswer[] = [];
    for (const platform of offeredOf(answer)) {
      const [main, count] = platformFields(platform);
      const answers = value[platform];
      const handle = (main && answers?.[main.key]?.trim()) ?? '';
      if (!main || handle === '') continue;
      shown.push({
        key: `platforms.${platform}.${main.key}`,
        question: questionFor(platform, main, texts),
        text: handle,
        ...(links && { href: profileUrl(platform, handle) }),
      });
      const followers = (count && answers?.[count.key]?.trim()) ?? '';
      if (count && followers !== '')
        shown.push({
          key: `platforms.${platform}.${count.key}`,
          question: questionFor(platform, count, texts),
          text: /^\d+$/.test(followers)
            ? wholeNumbersIn(lang).format(Number(followers))
            : followers,
          isFollowUp: true,
        });
    }
    return shown;
  },
  columns: (answer, texts) =>
    offeredOf(answer).flatMap((platform) =>
      platformFields(platform).map((field) => ({
        key: `platforms.${platform}.${field.key}`,
        question: questionFor(platform, field, texts),
      })),
    ),
});

export const platformsKind: BlockKind<'platforms'> = {
  answers: (block, { offeredPlatforms, requiredPlatforms }) => [
    {
      path: platformsPath,
      label: block.data.label,
      codec: platformsCodec,
      isFollowUp: false,
      platforms: { offered: offeredPlatforms, required: requiredPlatforms },
    },
  ],
};
