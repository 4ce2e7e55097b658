import { describe, expect, test } from 'vitest';
import { engines } from '../../../tests/support/databases.ts';
import { useScratchDatabase } from '../../../tests/support/scratch-database.ts';
import {
  createSignInThrottle,
  signInThrottling,
  waitAfterFailures,
} from './sign-in-throttle.ts';

test('the wait doubles with each failure past the free ones, up to 15 minutes', () => {
  expect(
    [2, 3, 4, 5, 10, 12, 30].map((failures) => waitAfterFailures(failures, 3)),
  ).toEqual([0, 1000, 2000, 4000, 128_000, 512_000, 900_000]);
});

describe.each(engines)('sign-in throttling on %s', (engine) => {
  const database = useScratchDatabase(engine);
  let time = Date.UTC(2026, 10, 26, 9, 0, 0);
  const throttle = () => createSignInThrottle(database(), () => time);

  /** A try that fails: its outcome, `fail` or the wait it was refused with. */
  const fail = async (account: string, address: string) => {
    const attempt = await throttle().begin(account, address);
    return 'waitMs' in attempt ? attempt.waitMs : 'fail';
  };

  test('failures of one account from one address slow that pair only, more with each', async () => {
    const outcomes = [];
    for (let attempt = 0; attempt < 3; attempt += 1)
      outcomes.push(await fail('ada@example.org', '192.0.2.1'));
    outcomes.push(await fail('ada@example.org', '192.0.2.1'));
    expect(outcomes).toEqual(['fail', 'fail', 'fail', 1000]);
    time += 1000;
    expect(await fail('ada@example.org', '192.0.2.1')).toBe('fail');
    expect(await fail('ada@example.org', '192.0.2.1')).toBe(2000);
    // The same account from elsewhere, and another account from the same address, are not slowed.
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

  test('twenty failures from one address across accounts slow that address for any account', async () => {
    const address = '203.0.113.9';
    for (
      let account = 0;
      account < signInThrottling.freePerAddress;
      account += 1
    )
      expect(await fail(`guess-${account}@example.org`, address)).toBe('fail');
    expect(await fail('fresh@example.org', address)).toBe(1000);
    expect(await fail('fresh@example.org', '203.0.113.10')).toBe('fail');
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
});
