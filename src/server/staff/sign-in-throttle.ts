import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { verifyPassword } from './passwords.ts';

/**
 * How failed sign-ins slow the next try (docs/decisions/011-two-step-sign-in-and-throttling.md).
 * Failures count for an account together with the address they came from, and for the address
 * across accounts; never for an account alone, so nobody elsewhere can keep its owner out. Past
 * the free failures each further one doubles the wait after the latest, up to the longest wait.
 */
export const signInThrottling = {
  /** Failures older than this are forgotten. */
  memoryMs: 60 * 60 * 1000,
  freePerAccountAndAddress: 3,
  /** An office behind one address holds many people, each with their own typos. */
  freePerAddress: 20,
  firstWaitMs: 1000,
  longestWaitMs: 15 * 60 * 1000,
};

/** How long after the latest of `failures` failures the next try must wait. */
export function waitAfterFailures(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(
    signInThrottling.firstWaitMs * 2 ** (failures - free),
    signInThrottling.longestWaitMs,
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

/**
 * Failed sign-ins in the database, so every server process on it counts the same. A try is written
 * as a failure before the password or code is checked and removed once it proves right, so tries
 * sent all at once see each other and cannot slip past the count together.
 */
export function createSignInThrottle(
  database: Database,
  now: () => number = Date.now,
) {
  const { db } = database;

  /** The latest failure's time and how many there are, outside the try `except`. */
  const failuresOf = async (
    where: { account: string; address: string } | { address: string },
    since: string,
    except: string,
  ) => {
    const row = await db
      .selectFrom('sign_in_failures')
      .select((eb) => [
        eb.fn.countAll<string | number>().as('count'),
        eb.fn.max('at').as('latest'),
      ])
      .$if('account' in where, (query) =>
        query.where('account', '=', 'account' in where ? where.account : ''),
      )
      .where('address', '=', where.address)
      .where('at', '>', since)
      .where('id', '!=', except)
      .executeTakeFirst();
    return {
      count: Number(row?.count ?? 0),
      latest: row?.latest ? Date.parse(row.latest) : 0,
    };
  };

  return {
    /**
     * Starts a try of `account` from `address`: the try itself, or how many milliseconds to wait
     * first, when earlier failures of the pair or of the address ask for a wait that has not passed.
     */
    async begin(
      account: string,
      address: string,
    ): Promise<SignInTry | { waitMs: number }> {
      const time = now();
      const since = new Date(time - signInThrottling.memoryMs).toISOString();
      const id = randomUUID();
      // Failures no longer counted go first, so the table holds at most an hour of them.
      await db
        .deleteFrom('sign_in_failures')
        .where('at', '<=', since)
        .execute();
      await db
        .insertInto('sign_in_failures')
        .values({ id, at: new Date(time).toISOString(), account, address })
        .execute();
      const [pair, fromAddress] = await Promise.all([
        failuresOf({ account, address }, since, id),
        failuresOf({ address }, since, id),
      ]);
      const waitMs = Math.max(
        pair.latest +
          waitAfterFailures(
            pair.count,
            signInThrottling.freePerAccountAndAddress,
          ) -
          time,
        fromAddress.latest +
          waitAfterFailures(
            fromAddress.count,
            signInThrottling.freePerAddress,
          ) -
          time,
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
      return {
        passed: forget,
        succeeded: async () => {
          // The pair's slate, this try included, is clean again.
          await db
            .deleteFrom('sign_in_failures')
            .where('account', '=', account)
            .where('address', '=', address)
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
