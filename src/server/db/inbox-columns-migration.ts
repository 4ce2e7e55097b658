import type { ApplicationPayload } from '#engine/payload.ts';

// What migration 005 fills the inbox's columns with. A migration is history: it holds its own
// copy of the rule (inbox-columns-migration.test.ts pins it to today's `inboxColumnsOf`), so that
// changing today's code never changes what it did.

const platforms = [
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
];

const sentAsFields = new Set(['linkedin', 'threads', 'reddit']);

function answerOf(
  payload: ApplicationPayload,
  platform: string,
  key: string,
): string {
  const value = sentAsFields.has(platform)
    ? payload.fields.find((field) => field.key === `single.${platform}.${key}`)
        ?.value
    : payload.platforms[platform]?.[key];
  return typeof value === 'string' ? value : '';
}

/** Migration 005: the platforms with their followers, their sum, and the handles in lower case. */
export function migratedInboxColumnsOf(payload: ApplicationPayload) {
  const answers = platforms.flatMap((platform) => {
    const handle =
      answerOf(payload, platform, 'handle') ||
      answerOf(payload, platform, 'url');
    if (!handle) return [];
    const followers = Number(answerOf(payload, platform, 'followers'));
    return [
      {
        platform,
        handle,
        followers: Number.isSafeInteger(followers) ? followers : 0,
      },
    ];
  });
  return {
    reach: answers.reduce((sum, answer) => sum + answer.followers, 0),
    platforms: JSON.stringify(answers),
    handles: answers.map((answer) => answer.handle.toLowerCase()).join(' '),
  };
}
