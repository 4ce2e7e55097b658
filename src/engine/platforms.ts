import { interpolate, type TextKey, type Texts } from './texts.ts';
import {
  checkCount,
  checkHandle,
  checkWebsiteUrl,
  maxLengths,
  type Check,
} from './validators.ts';

/** The twelve platform keys of the specification's application entity. */
export const platformKeys = [
  'instagram',
  'facebook',
  'youtube',
  'twitter',
  'tiktok',
  'twitch',
  'website',
  'pinterest',
  'linkedin',
  'snapchat',
  'threads',
  'reddit',
] as const;

export type PlatformKey = (typeof platformKeys)[number];

export const platformNames: Record<PlatformKey, string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  youtube: 'YouTube',
  twitter: 'X (Twitter)',
  tiktok: 'TikTok',
  twitch: 'Twitch',
  website: 'Website',
  pinterest: 'Pinterest',
  linkedin: 'LinkedIn',
  snapchat: 'Snapchat',
  threads: 'Threads',
  reddit: 'Reddit',
};

/** These three travel under `fields.single.<platform>` instead of `platforms`, where the organisation's systems expect them. */
export const platformsSentAsFields: ReadonlySet<PlatformKey> = new Set([
  'linkedin',
  'threads',
  'reddit',
]);

type PlatformFieldKind = 'handle' | 'count' | 'url';
/** One input of a platform; the first of a platform is its main one, without which nothing of it is sent. */
export type PlatformField = {
  key: string;
  kind: PlatformFieldKind;
  label: TextKey;
};

const websiteFields: readonly PlatformField[] = [
  { key: 'url', kind: 'url', label: 'urlLabel' },
  { key: 'monthlyTraffic', kind: 'count', label: 'monthlyTrafficLabel' },
];
const profileFields: readonly PlatformField[] = [
  { key: 'handle', kind: 'handle', label: 'handleLabel' },
  { key: 'followers', kind: 'count', label: 'followersLabel' },
];

/** The inputs of one platform: handle and followers, or for the website its url and monthly traffic. */
export function platformFields(
  platform: PlatformKey,
): readonly PlatformField[] {
  return platform === 'website' ? websiteFields : profileFields;
}

/** Where a platform's answers travel: LinkedIn, Threads and Reddit under `fields.single`, the rest under `platforms`. */
export function platformLocation(platform: PlatformKey, key: string): string {
  return platformsSentAsFields.has(platform)
    ? `fields.single.${platform}.${key}`
    : `platforms.${platform}.${key}`;
}

const profileAddresses: Record<Exclude<PlatformKey, 'website'>, string> = {
  instagram: 'https://www.instagram.com/{handle}',
  facebook: 'https://www.facebook.com/{handle}',
  youtube: 'https://www.youtube.com/@{handle}',
  twitter: 'https://x.com/{handle}',
  tiktok: 'https://www.tiktok.com/@{handle}',
  twitch: 'https://www.twitch.tv/{handle}',
  pinterest: 'https://www.pinterest.com/{handle}',
  linkedin: 'https://www.linkedin.com/in/{handle}',
  snapchat: 'https://www.snapchat.com/add/{handle}',
  threads: 'https://www.threads.net/@{handle}',
  reddit: 'https://www.reddit.com/user/{handle}',
};

/** The public profile of a handle (a leading `@` dropped), or the website itself with a scheme. */
export function profileUrl(platform: PlatformKey, handleOrUrl: string): string {
  if (platform === 'website')
    return /^https?:\/\//i.test(handleOrUrl)
      ? handleOrUrl
      : `https://${handleOrUrl}`;
  return interpolate(profileAddresses[platform], {
    handle: encodeURIComponent(handleOrUrl.replace(/^@/, '')),
  });
}

const fieldChecks: Record<PlatformFieldKind, Check> = {
  handle: checkHandle,
  count: checkCount,
  url: checkWebsiteUrl,
};

export type PlatformIssue = { path: string; message: string };

/**
 * The group is valid only when at least one platform has all its fields filled
 * and valid and every required platform is valid. A half-filled platform asks for its other field,
 * so nothing incomplete reaches the organisation. The group's own message sits on `platforms.filled`.
 */
export function checkPlatforms(
  value: unknown,
  offered: readonly PlatformKey[],
  required: readonly PlatformKey[],
  texts: Texts,
): PlatformIssue[] {
  const issues: PlatformIssue[] = [];
  const complete = new Set<PlatformKey>();
  for (const platform of offered) {
    const answers =
      (
        value as Record<string, Record<string, unknown> | undefined> | undefined
      )?.[platform] ?? {};
    const fields = platformFields(platform).map((field) => ({
      ...field,
      text:
        typeof answers[field.key] === 'string'
          ? (answers[field.key] as string).trim()
          : '',
    }));
    const isStarted = fields.some((field) => field.text !== '');
    let isValid = true;
    for (const field of fields) {
      const path = `platforms.${platform}.${field.key}`;
      if (field.text === '') {
        if (isStarted) issues.push({ path, message: texts.required });
        isValid = false;
        continue;
      }
      const cap = maxLengths[field.kind];
      const failedCheck = fieldChecks[field.kind](field.text);
      const failure =
        field.text.length > cap
          ? interpolate(texts.tooLong, { max: cap })
          : failedCheck && texts[failedCheck];
      if (failure) {
        issues.push({ path, message: failure });
        isValid = false;
      }
    }
    if (isValid) complete.add(platform);
  }
  const unmetRequired = required.filter((platform) => !complete.has(platform));
  if (unmetRequired.length > 0)
    issues.push({
      path: 'platforms.filled',
      message:
        required.length === 1
          ? texts.platformsOneRequired
          : texts.platformsAllRequired,
    });
  else if (complete.size === 0)
    issues.push({ path: 'platforms.filled', message: texts.platformsNone });
  return issues;
}
