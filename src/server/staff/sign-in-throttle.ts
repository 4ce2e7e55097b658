import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { addressKeyOf } from '../address-key.ts';
import type { Database } from '../db/database.ts';
import { verifyPassword } from './passwords.ts';

/**
 * How failed sign-ins slow the next try (docs/decisions/011-two-step-sign-in-and-throttling.md
 * and 046-slowed-guessing-and-insights-a-script-cannot-inflate.md). Failures count for an account
 * together with the address they came from, for the address across accounts, and for the account
 * from anywhere. Only the first two refuse a try, and the address only for an account under
 * attack; the account's own count never refuses, it holds each password try before answering it,
 * so nobody elsewhere can keep its owner out but guessing at it from many addresses is slowed.
 */
export const signInThrottling = {
  /** Failures older than this are forgotten. */
  memoryMs: 60 * 60 * 1000,
  freePerAccountAndAddress: 3,
  /** An office behind one address holds many people, each with their own typos. */
  freePerAddress: 20,
  /** Past this many failures from anywhere an account is under attack: its password tries are held. */
  freePerAccount: 5,
  firstWaitMs: 1000,
  longestWaitMs: 15 * 60 * 1000,
  /**
   * The longest a password try is held before its answer: what the right person may have to wait
   * while their account is guessed at. Well inside the minute after which proxies give up on an
   * answer.
   */
  longestHoldMs: 20 * 1000,
  /**
   * Failures kept at most, the oldest going first: an hour's memory bounds the table in time, this
   * in size, whatever a flood from many addresses writes within the hour.
   */
  storedAtMost: 10_000,
};

/** How long after the latest of `failures` failures the next try must wait. */
export function waitAfterFailures(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(
    signInThrottling.firstWaitMs * 2 ** (failures - free),
    signInThrottling.longestWaitMs,
  );
}

/** How long a password try is held before it is answered, after the failures counted so far. */
export function holdAfterFailures(failures: number, free: number): number {
  return Math.min(
    waitAfterFailures(failures, free),
    signInThrottling.longestHoldMs,
  );
}

/**
 * A try under way: it counts as a failure until it is known to be right. `passed` takes back this
 * try alone (a right password whose second step is still to come); `succeeded` clears the account's
 * failures from this address (the whole sign-in is done).
 */
export type SignInTry = {
  passed: () => Promise<void>;
  succeeded: () => Promise<void>;
};

/** The throttle's time: a test passes one it moves itself, so no test waits out a hold. */
export type SignInClock = {
  now: () => number;
  wait: (ms: number) => Promise<void>;
};

const realClock: SignInClock = { now: Date.now, wait: (ms) => sleep(ms) };

/**
 * Failed sign-ins in the database, so every server process on it counts the same. A try is written
 * as a failure before the password or code is checked and removed once it proves right, so tries
 * sent all at once see each other and cannot slip past the count together.
 */
export function createSignInThrottle(
  database: Database,
  { now, wait }: SignInClock = realClock,
  storedAtMost = signInThrottling.storedAtMost,
) {
  const { db } = database;

  /** The latest failure's time and how many there are, outside the try `except`. */
  const failuresOf = async (
    where: { account?: string; address?: string },
    since: string,
    except: string,
  ) => {
    const row = await db
      .selectFrom('sign_in_failures')
      .select((eb) => [
        eb.fn.countAll<string | number>().as('count'),
        eb.fn.max('at').as('latest'),
      ])
      .$if(where.account !== undefined, (query) =>
        query.where('account', '=', where.account ?? ''),
      )
      .$if(where.address !== undefined, (query) =>
        query.where('address', '=', where.address ?? ''),
      )
      .where('at', '>', since)
      .where('id', '!=', except)
      .executeTakeFirst();
    return {
      count: Number(row?.count ?? 0),
      latest: row?.latest ? Date.parse(row.latest) : 0,
    };
  };

  /** Forgets failures past the memory, and the oldest beyond the most kept. */
  const forgetOld = async (since: string) => {
    await db.deleteFrom('sign_in_failures').where('at', '<=', since).execute();
    const oldestKept = await db
      .selectFrom('sign_in_failures')
      .select('at')
      .orderBy('at', 'desc')
      .limit(1)
      .offset(storedAtMost - 1)
      .executeTakeFirst();
    if (oldestKept)
      await db
        .deleteFrom('sign_in_failures')
        .where('at', '<', oldestKept.at)
        .execute();
  };

  return {
    /**
     * Starts a try of `account` from `address`: the try itself, or how many milliseconds to wait
     * first, when earlier failures of the pair, or of the address at an account under attack, ask
     * for a wait that has not passed. A password try at an account under attack, or from an address
     * past its free failures, is held before it is given back; a second step is not, as only a
     * right password reaches it and its pending sign-in takes few wrong codes.
     */
    async begin(
      account: string,
      address: string,
      step: 'password' | 'second step' = 'password',
    ): Promise<SignInTry | { waitMs: number }> {
      const time = now();
      const since = new Date(time - signInThrottling.memoryMs).toISOString();
      const id = randomUUID();
      const key = addressKeyOf(address);
      await db
        .insertInto('sign_in_failures')
        .values({ id, at: new Date(time).toISOString(), account, address: key })
        .execute();
      await forgetOld(since);
      const [pair, fromAddress, atAccount] = await Promise.all([
        failuresOf({ account, address: key }, since, id),
        failuresOf({ address: key }, since, id),
        failuresOf({ account }, since, id),
      ]);
      const isUnderAttack = atAccount.count >= signInThrottling.freePerAccount;
      const waitMs = Math.max(
        pair.latest +
          waitAfterFailures(
            pair.count,
            signInThrottling.freePerAccountAndAddress,
          ) -
          time,
        // A busy address stops guesses only at an account under attack: a colleague's right
        // password, at an account nobody is guessing, is held instead of refused.
        isUnderAttack
          ? fromAddress.latest +
              waitAfterFailures(
                fromAddress.count,
                signInThrottling.freePerAddress,
              ) -
              time
          : 0,
        0,
      );
      const forget = async () => {
        await db.deleteFrom('sign_in_failures').where('id', '=', id).execute();
      };
      if (waitMs > 0) {
        // A try refused unheard is no failure: it must not lengthen the wait of the person it delays.
        await forget();
        return { waitMs };
      }
      if (step === 'password') {
        // Held whatever the password turns out to be, so the time of the answer tells nothing.
        const holdMs = Math.max(
          holdAfterFailures(atAccount.count, signInThrottling.freePerAccount),
          holdAfterFailures(fromAddress.count, signInThrottling.freePerAddress),
        );
        if (holdMs > 0) await wait(holdMs);
      }
      return {
        passed: forget,
        succeeded: async () => {
          // The pair's slate, this try included, is clean again.
          await db
            .deleteFrom('sign_in_failures')
            .where('account', '=', account)
            .where('address', '=', key)
            .execute();
        },
      };
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;

/**
 * A signed-in person's password asked for again before a change to their sign-in (a new password,
 * two-step sign-in off), slowed by failures like a sign-in: a stolen session must not become a way
 * to guess the password at full speed.
 */
export async function recheckPassword(
  throttle: SignInThrottle,
  account: { email: string; passwordHash: string },
  password: string,
  address: string,
): Promise<'right' | 'wrong' | { waitMs: number }> {
  const attempt = await throttle.begin(account.email, address);
  if ('waitMs' in attempt) return attempt;
  if (!(await verifyPassword(account.passwordHash, password))) return 'wrong';
  await attempt.succeeded();
  return 'right';
}
