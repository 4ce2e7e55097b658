import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { engines, scratchDatabase } from '../../../tests/support/databases.ts';
import type { Database } from '../db/database.ts';
import { verifyPassword } from './passwords.ts';
import { createStaffAccounts, type StaffAccounts } from './staff-accounts.ts';
import {
  absoluteLifetimeMs,
  createStaffSessions,
  idleTimeoutMs,
} from './staff-sessions.ts';

describe.each(engines)('staff accounts and sessions on %s', (engine) => {
  let database: Database;
  let accounts: StaffAccounts;
  let drop: () => Promise<void>;
  let clock = Date.parse('2026-11-24T09:00:00.000Z');
  const sessions = () => createStaffSessions(database, () => new Date(clock));

  beforeAll(async () => {
    const scratch = await scratchDatabase(engine);
    database = await scratch.open();
    drop = async () => {
      await database.close();
      await scratch.drop();
    };
    accounts = createStaffAccounts(database);
  });
  afterAll(() => drop());

  test('stores an argon2id hash, never the password, under the lower-cased address', async () => {
    const account = await accounts.add({
      email: ' Grace@Example.ORG ',
      role: 'reviewer',
      password: 'a long enough secret',
    });
    expect(account).toMatchObject({
      email: 'grace@example.org',
      role: 'reviewer',
    });
    const stored = await accounts.findByEmail('GRACE@example.org');
    expect(stored?.passwordHash).toMatch(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/,
    );
    expect(stored?.passwordHash).not.toContain('a long enough secret');
    expect(
      await verifyPassword(stored?.passwordHash, 'a long enough secret'),
    ).toBe(true);
    expect(
      await verifyPassword(stored?.passwordHash, 'a long enough secreT'),
    ).toBe(false);
    expect(await verifyPassword(undefined, 'a long enough secret')).toBe(false);
  });

  test('refuses a short password, a second account for one address, and a non-address', async () => {
    await expect(
      accounts.add({
        email: 'short@example.org',
        role: 'admin',
        password: 'elevenchars',
      }),
    ).rejects.toThrow('at least 12 characters');
    await expect(
      accounts.add({
        email: 'GRACE@example.org',
        role: 'admin',
        password: 'another long secret',
      }),
    ).rejects.toThrow('grace@example.org already has an account.');
    await expect(
      accounts.add({
        email: 'grace',
        role: 'admin',
        password: 'another long secret',
      }),
    ).rejects.toThrow('is not an e-mail address');
    expect((await accounts.list()).map((account) => account.email)).toEqual([
      'grace@example.org',
    ]);
  });

  test('a session signs in until 2 hours idle or 24 hours old, and records the sign-in', async () => {
    const account = await accounts.add({
      email: 'idle@example.org',
      role: 'admin',
      password: 'a long enough secret',
    });
    const token = await sessions().start(account.id);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect((await accounts.findByEmail('idle@example.org'))?.lastSignInAt).toBe(
      new Date(clock).toISOString(),
    );

    clock += idleTimeoutMs - 60_000;
    expect(await sessions().resolve(token)).toEqual({
      id: account.id,
      email: 'idle@example.org',
      role: 'admin',
      isPerson: true,
      mustEnrol: false,
    });
    clock += idleTimeoutMs + 1;
    expect(await sessions().resolve(token)).toBeUndefined();

    const busy = await sessions().start(account.id);
    const started = clock;
    while (clock - started < absoluteLifetimeMs - idleTimeoutMs) {
      clock += idleTimeoutMs / 2;
      expect(await sessions().resolve(busy)).toBeDefined();
    }
    clock = started + absoluteLifetimeMs + 1;
    expect(await sessions().resolve(busy)).toBeUndefined();
    // An expired session is deleted, not only refused.
    const left = await database.db
      .selectFrom('staff_sessions')
      .select('token_hash')
      .where('staff_id', '=', account.id)
      .execute();
    expect(left).toEqual([]);
  });

  test('stores only the SHA-256 of a token', async () => {
    const account = await accounts.findByEmail('grace@example.org');
    const token = await sessions().start(account?.id ?? '');
    const rows = await database.db
      .selectFrom('staff_sessions')
      .select('token_hash')
      .execute();
    expect(rows.map((row) => row.token_hash)).not.toContain(token);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(
      true,
    );
  });

  test('a new password and a removed account end every session of the account', async () => {
    const account = await accounts.add({
      email: 'ends@example.org',
      role: 'reviewer',
      password: 'a long enough secret',
    });
    const [first, second] = [
      await sessions().start(account.id),
      await sessions().start(account.id),
    ];
    expect(
      await accounts.setPassword('ENDS@example.org', 'the next long secret'),
    ).toBe(true);
    expect(await sessions().resolve(first)).toBeUndefined();
    expect(await sessions().resolve(second)).toBeUndefined();
    const stored = await accounts.findByEmail('ends@example.org');
    expect(
      await verifyPassword(stored?.passwordHash, 'the next long secret'),
    ).toBe(true);

    const third = await sessions().start(account.id);
    expect(await accounts.remove('ends@example.org')).toBe(true);
    expect(await sessions().resolve(third)).toBeUndefined();
    expect(await accounts.remove('ends@example.org')).toBe(false);
    expect(
      await accounts.setPassword('ends@example.org', 'the next long secret'),
    ).toBe(false);
  });
});
