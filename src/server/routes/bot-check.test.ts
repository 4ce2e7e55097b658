import { randomUUID } from 'node:crypto';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { botCheckChallengePath, botCheckHeader } from '#engine/sync-page.ts';
import { engines } from '../../../tests/support/databases.ts';
import {
  exampleConfig,
  putApplication,
  validApplication,
} from '../../../tests/support/fixtures.ts';
import { startTestServer } from '../../../tests/support/test-server.ts';
import { challengeLifetimeMs, createBotCheck } from './bot-check.ts';

/** The `Bot-Check` header a browser sends once it has solved `challenge`. */
async function answerTo(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString(
    'base64',
  );
}

describe.each(engines)('the bot check on %s', (engine) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer({
      engine,
      config: exampleConfig({ botCheck: true }),
    });
  });
  afterAll(() => server.close());

  const fetchChallenge = async () => {
    const response = await fetch(`${server.baseUrl}${botCheckChallengePath}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    return (await response.json()) as Challenge;
  };
  const send = (headers: Record<string, string>, key = randomUUID()) =>
    putApplication(server.baseUrl, validApplication(), { key, headers });

  /** Sends, expecting a refusal with the named error, and that nothing was stored. */
  async function expectRefused(
    headers: Record<string, string>,
    status: 400 | 403,
    message: RegExp,
  ) {
    const before = await server.repository.count();
    const response = await send(headers);
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({
      error: 'bot_check',
      message: expect.stringMatching(message),
    });
    expect(await server.repository.count()).toBe(before);
  }

  test('refuses an application without an answer, or with one that is not an answer, storing nothing', async () => {
    await expectRefused({}, 400, /asks for a solved bot check/);
    await expectRefused(
      { [botCheckHeader]: 'not base64 of json' },
      400,
      /not an answer to a bot check/,
    );
  });

  test('stores an application with a solved challenge, once: the same answer for another application is refused, a retry of the same one is not', async () => {
    const header = await answerTo(await fetchChallenge());
    const key = randomUUID();
    const before = await server.repository.count();
    const stored = await send({ [botCheckHeader]: header }, key);
    expect(stored.status).toBe(201);
    const { id } = (await stored.json()) as { id: string };
    expect(await server.repository.count()).toBe(before + 1);

    await expectRefused(
      { [botCheckHeader]: header },
      403,
      /already answered for another application/,
    );
    const retried = await send({ [botCheckHeader]: header }, key);
    expect(retried.status).toBe(200);
    expect(await retried.json()).toMatchObject({ id });
    expect(await server.repository.count()).toBe(before + 1);
  });

  test('refuses an answer to a challenge that has expired, or one whose solution is wrong', async () => {
    // Signed with the server's own key (kept in the database), but made as long ago as it is good for.
    const past = createBotCheck(
      server.database,
      () => new Date(Date.now() - challengeLifetimeMs - 1000),
    );
    await expectRefused(
      { [botCheckHeader]: await answerTo(await past.challenge()) },
      403,
      /expired/,
    );

    const challenge = await fetchChallenge();
    const solution = await solveChallenge({ challenge, deriveKey });
    const key = solution?.derivedKey ?? '';
    const wrong = {
      ...solution,
      derivedKey: `${key.startsWith('0') ? '1' : '0'}${key.slice(1)}`,
    };
    await expectRefused(
      {
        [botCheckHeader]: Buffer.from(
          JSON.stringify({ challenge, solution: wrong }),
        ).toString('base64'),
      },
      403,
      /not right/,
    );
  });

  test('refuses a challenge changed after the server signed it', async () => {
    const challenge = await fetchChallenge();
    const solution = await solveChallenge({ challenge, deriveKey });
    const { expiresAt = 0 } = challenge.parameters;
    const extended = {
      ...challenge,
      parameters: { ...challenge.parameters, expiresAt: expiresAt + 3600 },
    };
    await expectRefused(
      {
        [botCheckHeader]: Buffer.from(
          JSON.stringify({ challenge: extended, solution }),
        ).toString('base64'),
      },
      403,
      /not right/,
    );
  });
});

describe.each(engines)('a form without the bot check on %s', (engine) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(() => server.close());

  test('stores an application with no answer, and one with a header that answers nothing, as before; no key is made', async () => {
    const withHeader: Record<string, string>[] = [
      {},
      { [botCheckHeader]: 'anything' },
    ];
    for (const headers of withHeader) {
      const response = await putApplication(
        server.baseUrl,
        validApplication(),
        { key: randomUUID(), headers },
      );
      expect(response.status).toBe(201);
    }
    const key = await server.database.db
      .selectFrom('workspace_settings')
      .select('name')
      .where('name', '=', 'bot_check_key')
      .executeTakeFirst();
    expect(key).toBeUndefined();
  });
});
