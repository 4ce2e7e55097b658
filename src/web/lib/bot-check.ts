import SolverWorker from 'altcha/workers/pbkdf2?worker';
import { botCheckChallengePath } from '#engine/sync-page.ts';

/** An ALTCHA challenge as the server signed it; passed back untouched, as the signature covers it. */
type Challenge = { parameters: { expiresAt?: number } };

type Answer = { header: string; expiresAtMs: number };

/** An answer is sent only while it stays good this much longer: on the way, it must not expire. */
const marginMs = 60_000;

/** How long the worker may search before the answer counts as failed (a very slow device). */
const solveTimeoutMs = 90_000;

/**
 * Asks the server for a challenge and solves it in a worker (the ALTCHA widget's own PBKDF2
 * solver, without its interface: the applicant sees nothing), as the `Bot-Check` header sends it.
 */
async function solve(): Promise<Answer> {
  const response = await fetch(botCheckChallengePath, {
    headers: { Accept: 'application/json' },
    cache: 'no-store',
  });
  if (!response.ok) throw new Error(`no challenge: ${response.status}`);
  const challenge = (await response.json()) as Challenge;
  const worker = new SolverWorker();
  try {
    const solution = await new Promise<unknown>((resolve, reject) => {
      worker.onmessage = (message: MessageEvent<unknown>) =>
        resolve(message.data);
      worker.onerror = (event) => reject(new Error(event.message));
      worker.postMessage({
        type: 'work',
        challenge,
        counterStart: 0,
        counterStep: 1,
        timeout: solveTimeoutMs,
      });
    });
    if (
      typeof solution !== 'object' ||
      solution === null ||
      'error' in solution
    )
      throw new Error('the challenge was not solved');
    return {
      header: btoa(JSON.stringify({ challenge, solution })),
      expiresAtMs: (challenge.parameters.expiresAt ?? 0) * 1000,
    };
  } finally {
    worker.terminate();
  }
}

/** A background solve whose failure is read when the answer is asked for, not reported on its own. */
function solving(): Promise<Answer | null> {
  return solve().catch(() => null);
}

/** Starts solving now; `answer()` at Send is then usually ready. */
export function startBotCheck() {
  let pending = solving();
  return {
    /** The `Bot-Check` header: the answer solved in the background, or a new one when that one failed or is about to expire; null when none can be had. */
    async answer(): Promise<string | null> {
      const held = await pending;
      if (held && held.expiresAtMs - Date.now() > marginMs) return held.header;
      pending = solving();
      return (await pending)?.header ?? null;
    },
    /** After the server refused the answer: the next Send gets one solved from now. */
    renew() {
      pending = solving();
    },
  };
}

export type BotCheck = ReturnType<typeof startBotCheck>;
