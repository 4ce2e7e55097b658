import { createHmac } from 'node:crypto';
import {
  createChallenge,
  randomInt,
  verifySolution,
  type Challenge,
} from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { botCheckChallengePath, botCheckHeader } from '#engine/sync-page.ts';
import type { Database } from '../db/database.ts';
import { sharedSecret } from '../db/shared-secret.ts';

/** The workspace setting that holds the key challenges are signed with. */
const keySetting = 'bot_check_key';

/**
 * How hard a challenge is: PBKDF2-SHA-256 of this many rounds, tried for each counter from 0 up to
 * the one the server drew. About a second of one core in a phone's browser, done in a worker while
 * the applicant answers; a sender of thousands of applications pays it for each one.
 */
const rounds = 1_000;
const counterRange = [1_000, 4_000] as const;

/** How long a challenge can be answered: the wizard asks for a fresh one when it kept one longer. */
export const challengeLifetimeMs = 30 * 60_000;

/** The header's content, as the ALTCHA widget sends it: base64 of `{ challenge, solution }`. */
const answerSchema = z.object({
  challenge: z.looseObject({
    // Kept whole, unknown keys too: the signature covers every one.
    parameters: z.looseObject({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      expiresAt: z.number(),
    }),
    signature: z.string().check(z.maxLength(128)),
  }),
  solution: z.looseObject({
    counter: z.number(),
    derivedKey: z.string(),
  }),
});

/** Why an application's bot check is not good, in words, with its status. */
export type BotCheckRefusal = { status: 400 | 403; message: string };

const missing: BotCheckRefusal = {
  status: 400,
  message: `This form asks for a solved bot check: get a challenge from ${botCheckChallengePath}, solve it and send the answer in the ${botCheckHeader} header`,
};
const malformed: BotCheckRefusal = {
  status: 400,
  message: `The ${botCheckHeader} header is not an answer to a bot check: send base64 of JSON with its challenge and solution`,
};
const wrong: BotCheckRefusal = {
  status: 403,
  message: 'The answer to the bot check is not right: solve a new challenge',
};
const expired: BotCheckRefusal = {
  status: 403,
  message: 'The bot check has expired: solve a new challenge',
};
const used: BotCheckRefusal = {
  status: 403,
  message:
    'This bot check was already answered for another application: solve a new challenge',
};

function decode(header: string): z.infer<typeof answerSchema> | null {
  try {
    const parsed = answerSchema.safeParse(
      JSON.parse(Buffer.from(header, 'base64').toString('utf8')),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The proof-of-work bot check (ALTCHA): challenges signed with a key kept in the database (made
 * by whichever process needs it first, so every process signs and checks alike, and made only
 * once a form turns the check on), and answers taken once each, remembered until they expire.
 */
export function createBotCheck(
  database: Database,
  now: () => Date = () => new Date(),
) {
  const { db } = database;
  let secrets: Promise<{ signing: string; keys: string }> | undefined;
  const loadSecrets = async () => {
    const value = await sharedSecret(database, keySetting);
    const secretFor = (use: string) =>
      createHmac('sha256', value).update(`bot-check:${use}`).digest('hex');
    return { signing: secretFor('challenge'), keys: secretFor('derived-key') };
  };
  const secretsNow = () => {
    secrets ??= loadSecrets().catch((error: unknown) => {
      secrets = undefined;
      throw error;
    });
    return secrets;
  };

  /** Takes the challenge once: true when it was not taken before, or taken by this same application. */
  async function take(
    signature: string,
    expiresAt: Date,
    idempotencyKey: string,
  ) {
    // Answers of expired challenges are refused anyway: their record can go.
    await db
      .deleteFrom('bot_check_uses')
      .where('expires_at', '<', now().toISOString())
      .execute();
    await db
      .insertInto('bot_check_uses')
      .values({
        signature,
        idempotency_key: idempotencyKey,
        expires_at: expiresAt.toISOString(),
      })
      .onConflict((conflict) => conflict.column('signature').doNothing())
      .execute();
    const row = await db
      .selectFrom('bot_check_uses')
      .select('idempotency_key')
      .where('signature', '=', signature)
      .executeTakeFirst();
    return row?.idempotency_key === idempotencyKey;
  }

  return {
    /** A new challenge, good for `challengeLifetimeMs`. */
    async challenge(): Promise<Challenge> {
      const { signing, keys } = await secretsNow();
      return createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost: rounds,
        counter: randomInt(...counterRange),
        deriveKey,
        expiresAt: new Date(now().getTime() + challengeLifetimeMs),
        hmacSignatureSecret: signing,
        hmacKeySignatureSecret: keys,
      });
    },
    /**
     * Whether the `Bot-Check` header answers a challenge of ours, in time, for the first time (or
     * again for the application with this Idempotency-Key: a retry); null when it does.
     */
    async refusalOf(
      header: string | string[] | undefined,
      idempotencyKey: string,
    ): Promise<BotCheckRefusal | null> {
      if (header === undefined || header === '') return missing;
      const answer = typeof header === 'string' ? decode(header) : null;
      if (!answer) return malformed;
      const { signing, keys } = await secretsNow();
      const verdict = await verifySolution({
        challenge: answer.challenge,
        solution: answer.solution,
        deriveKey,
        hmacSignatureSecret: signing,
        hmacKeySignatureSecret: keys,
      }).catch(() => null);
      if (!verdict) return malformed;
      if (verdict.expired) return expired;
      if (!verdict.verified) return wrong;
      const { signature, parameters } = answer.challenge;
      return (await take(
        signature,
        new Date(parameters.expiresAt * 1000),
        idempotencyKey,
      ))
        ? null
        : used;
    },
  };
}

export type BotCheck = ReturnType<typeof createBotCheck>;

/** `GET /api/bot-check/challenge`: a challenge for the wizard to solve before it sends. */
export async function botCheckRoutes(
  app: FastifyInstance,
  {
    botCheck,
    rateLimitPerMinute,
  }: { botCheck: BotCheck; rateLimitPerMinute: number },
) {
  app.get(
    botCheckChallengePath,
    {
      config:
        rateLimitPerMinute > 0
          ? { rateLimit: { max: rateLimitPerMinute, timeWindow: 60_000 } }
          : {},
    },
    async (_request, reply) =>
      reply
        .header('Cache-Control', 'no-store')
        .send(await botCheck.challenge()),
  );
}
