import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { sharedSecret } from '../db/shared-secret.ts';

/** The workspace setting that holds the key unsubscribe links are signed with. */
const keySetting = 'unsubscribe_link_key';

/** The path of a staff member's unsubscribe page, and of its one-click POST. */
export const unsubscribePathOf = (token: string) => `/unsubscribe/${token}`;

/**
 * Signed unsubscribe links: `<staff id>.<HMAC-SHA256 of it>`, so a link names its account and
 * cannot be made for another without the key. The key is random, made by whichever process needs
 * it first and kept in the database, so every process signs and checks alike; a link stays good
 * as long as its account exists, as a link in an old e-mail should.
 */
export async function loadUnsubscribeLinks(database: Database) {
  const key = Buffer.from(
    await sharedSecret(database, keySetting),
    'base64url',
  );
  const signatureOf = (staffId: string) =>
    createHmac('sha256', key).update(`unsubscribe:${staffId}`).digest();
  return {
    tokenFor: (staffId: string) =>
      `${staffId}.${signatureOf(staffId).toString('base64url')}`,
    /** The account a token names, or null when its signature is not ours. */
    staffIdOf(token: string): string | null {
      const [staffId = '', signature = '', ...rest] = token.split('.');
      if (rest.length > 0 || !/^[0-9a-f-]{36}$/.test(staffId)) return null;
      const given = Buffer.from(signature, 'base64url');
      const expected = signatureOf(staffId);
      return given.length === expected.length &&
        timingSafeEqual(given, expected)
        ? staffId
        : null;
    },
  };
}

export type UnsubscribeLinks = Awaited<ReturnType<typeof loadUnsubscribeLinks>>;
