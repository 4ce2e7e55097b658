import { afterAll, beforeAll, expect, test } from 'vitest';
import { scratchDatabase } from '../../../tests/support/databases.ts';
import { scanQrCode } from '../../../tests/support/qr-code.ts';
import type { Database } from '../db/database.ts';
import { createStaffAccounts } from './staff-accounts.ts';
import { createTwoStep } from './two-step.ts';

let database: Database;
beforeAll(async () => {
  database = await (await scratchDatabase('sqlite')).open();
});
afterAll(() => database.close());

test('the set-up QR code holds the otpauth address of the setup key, named after the organisation and the account', async () => {
  const { id } = await createStaffAccounts(database).add({
    email: 'tess@example.org',
    role: 'reviewer',
    password: 'a long enough secret',
  });
  const setup = await createTwoStep(database).beginSetup(id, {
    issuer: 'Visit Aldmere Coast',
    account: 'tess@example.org',
  });
  const address = new URL((await scanQrCode(setup?.qrCode ?? '')) ?? '');
  expect(`${address.protocol}//${address.host}${address.pathname}`).toBe(
    'otpauth://totp/Visit%20Aldmere%20Coast:tess%40example.org',
  );
  expect(Object.fromEntries(address.searchParams)).toEqual({
    issuer: 'Visit Aldmere Coast',
    secret: setup?.setupKey.replaceAll(' ', ''),
    algorithm: 'SHA1',
    digits: '6',
    period: '30',
  });
});
