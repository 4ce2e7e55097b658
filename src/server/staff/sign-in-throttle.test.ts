import { describe, expect, test } from 'vitest';
import { engines } from '../../../tests/support/databases.ts';
import { useScratchDatabase } from '../../../tests/support/scratch-database.ts';
import {
  createSignInThrottle,
  holdAfterFailures,
  signInThrottling,
  waitAfterFailures,
} from './sign-in-throttle.ts';

test('the wait doubles with each failure past the free ones, up to 15 minutes', () => {
  expect(
    [2, 3, 4, 5, 10, 12, 30].map((failures) => waitAfterFailures(failures, 3)),
  ).toEqual([0, 1000, 2000, 4000, 128_000, 512_000, 900_000]);
});

test('a password try is held from the fifth failure at its account, doubling up to 20 seconds', () => {
  expect(
    [4, 5, 6, 9, 10, 40].map((failures) =>
      holdAfterFailures(failures, signInThrottling.freePerAccount),
    ),
  ).toEqual([0, 1000, 2000, 16_000, 20_000, 20_000]);
});

describe.each(engines)('sign-in throttling on %s', (engine) => {
  const database = useScratchDatabase(engine);
  let time = Date.UTC(2026, 10, 26, 9, 0, 0);
  /** Every hold a try was given; a hold moves the clock on instead of sleeping. */
  let holds: number[] = [];
  const clock = {
    now: () => time,
    wait: async (ms: number) => {
      holds.push(ms);
      time += ms;
    },
  };
  const throttle = (storedAtMost?: number) =>
    createSignInThrottle(database(), clock, storedAtMost);

  /** A try that fails: its outcome, `fail` or the wait it was refused with. */
  const fail = async (
    account: string,
    address: string,
    step: 'password' | 'second step' = 'password',
  ) => {
    const attempt = await throttle().begin(account, address, step);
    return 'waitMs' in attempt ? attempt.waitMs : 'fail';
  };

  test('failures of one account from one address refuse that pair only, more with each', async () => {
    const outcomes = [];
    for (let attempt = 0; attempt < 3; attempt += 1)
      outcomes.push(await fail('ada@example.org', '192.0.2.1'));
    outcomes.push(await fail('ada@example.org', '192.0.2.1'));
    expect(outcomes).toEqual(['fail', 'fail', 'fail', 1000]);
    time += 1000;
    expect(await fail('ada@example.org', '192.0.2.1')).toBe('fail');
    expect(await fail('ada@example.org', '192.0.2.1')).toBe(2000);
    // The same account from elsewhere, and another account from the same address, are not refused.
    expect(await fail('ada@example.org', '198.51.100.7')).toBe('fail');
    expect(await fail('bob@example.org', '192.0.2.1')).toBe('fail');
    time += 2000;
    const right = await throttle().begin('ada@example.org', '192.0.2.1');
    expect('succeeded' in right).toBe(true);
    if ('succeeded' in right) await right.succeeded();
    // A success wipes the pair's slate.
    for (let attempt = 0; attempt < 3; attempt += 1)
      expect(await fail('ada@example.org', '192.0.2.1')).toBe('fail');
  });

  test('guesses at one account from forty addresses are each held longer, none refused', async () => {
    holds = [];
    const outcomes = [];
    for (let address = 1; address <= 40; address += 1)
      outcomes.push(await fail('target@example.org', `198.51.100.${address}`));
    expect(outcomes.every((outcome) => outcome === 'fail')).toBe(true);
    expect(holds.slice(0, 6)).toEqual([1000, 2000, 4000, 8000, 16_000, 20_000]);
    expect(holds).toHaveLength(35);
    expect(holds.at(-1)).toBe(signInThrottling.longestHoldMs);
    // The owner's try from their own address is held too, never refused; the second step is not held.
    holds = [];
    const owner = await throttle().begin('target@example.org', '192.0.2.8');
    expect('passed' in owner).toBe(true);
    expect(holds).toEqual([signInThrottling.longestHoldMs]);
    if ('passed' in owner) await owner.passed();
    holds = [];
    const code = await throttle().begin(
      'target@example.org',
      '192.0.2.8',
      'second step',
    );
    expect('succeeded' in code).toBe(true);
    expect(holds).toEqual([]);
  });

  test('an IPv6 guesser stepping through their /64 is one address', async () => {
    for (let attempt = 1; attempt <= 3; attempt += 1)
      expect(await fail('v6@example.org', `2001:db8:7:7::${attempt}`)).toBe(
        'fail',
      );
    expect(await fail('v6@example.org', '2001:db8:7:7:ffff::1')).toBe(1000);
    expect(await fail('v6@example.org', '2001:db8:7:8::1')).toBe('fail');
    expect(await fail('v6@example.org', '::ffff:192.0.2.99')).toBe('fail');
    expect(await fail('v6@example.org', '192.0.2.99')).toBe('fail');
  });

  test('a busy address holds a try at a quiet account, and refuses one at an account under attack', async () => {
    const office = '203.0.113.9';
    for (
      let account = 0;
      account < signInThrottling.freePerAddress;
      account += 1
    )
      expect(await fail(`typo-${account}@example.org`, office)).toBe('fail');
    holds = [];
    expect(await fail('colleague@example.org', office)).toBe('fail');
    expect(holds).toEqual([1000]);
    for (
      let address = 1;
      address <= signInThrottling.freePerAccount;
      address += 1
    )
      await fail('attacked@example.org', `198.51.100.${address}`);
    expect(await fail('attacked@example.org', office)).toBeGreaterThan(0);
    expect(await fail('attacked@example.org', '203.0.113.10')).toBe('fail');
  });

  test('tries sent all at once cannot slip past the count together', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => fail('eve@example.org', '192.0.2.77')),
    );
    expect(
      outcomes.filter((outcome) => outcome === 'fail').length,
    ).toBeLessThanOrEqual(signInThrottling.freePerAccountAndAddress);
  });

  test('failures older than an hour are forgotten', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1)
      await fail('old@example.org', '192.0.2.200');
    expect(await fail('old@example.org', '192.0.2.200')).toBeGreaterThan(0);
    time += signInThrottling.memoryMs + 1;
    expect(await fail('old@example.org', '192.0.2.200')).toBe('fail');
  });

  test('keeps at most the newest failures, however many addresses write them within the hour', async () => {
    const keep = 30;
    for (let address = 1; address <= 80; address += 1) {
      time += 1;
      await throttle(keep).begin(
        `flood-${address}@example.org`,
        `2001:db8:${address.toString(16)}::1`,
      );
    }
    const rows = await database()
      .db.selectFrom('sign_in_failures')
      .select('account')
      .execute();
    expect(rows).toHaveLength(keep);
    expect(rows.map((row) => row.account)).toContain('flood-80@example.org');
    expect(rows.map((row) => row.account)).not.toContain(
      'flood-50@example.org',
    );
  });
});
