import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Database } from '../db/database.ts';

/** A challenge must be answered within 5 minutes, as a pending sign-in must be finished. */
const challengeLifetimeMs = 5 * 60 * 1000;

/**
 * Where the browser is: the origin a passkey is bound to (PUBLIC_URL, else the request's), its host
 * name as the relying party's id, and the name an authenticator shows.
 */
export type RelyingParty = { origin: string; name: string };

export type Passkey = {
  id: string;
  createdAt: string;
  lastUsedAt: string | null;
};

const rpIdOf = (party: RelyingParty) => new URL(party.origin).hostname;

const transportsOf = (row: { transports: string }) =>
  JSON.parse(row.transports) as string[];

// Loaded at the first passkey, not at start-up: with its certificate parsers it takes about 170 ms.
const webAuthn = () => import('@simplewebauthn/server');

/** What WebAuthn takes as bytes, from what the database keeps as base64url text. */
const bytesOf = (text: string) =>
  new Uint8Array(Buffer.from(text, 'base64url'));

/**
 * Passkeys (WebAuthn, through SimpleWebAuthn) as a second way to do the second step of signing in,
 * for an account with two-step sign-in on. The server keeps each credential's public key and
 * signature counter; a challenge is kept until it is answered once, or for 5 minutes.
 */
export function createPasskeys(
  database: Database,
  now: () => number = Date.now,
) {
  const { db } = database;

  const credentialsOf = (staffId: string) =>
    db
      .selectFrom('staff_passkeys')
      .select(['id', 'public_key', 'counter', 'transports'])
      .where('staff_id', '=', staffId)
      .execute();

  return {
    async list(staffId: string): Promise<Passkey[]> {
      const rows = await db
        .selectFrom('staff_passkeys')
        .select(['id', 'created_at', 'last_used_at'])
        .where('staff_id', '=', staffId)
        .orderBy('created_at')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        createdAt: row.created_at,
        lastUsedAt: row.last_used_at,
      }));
    },

    /** Options for a new passkey of the account, its challenge kept for `register`. */
    async registrationOptions(
      staff: { id: string; email: string },
      party: RelyingParty,
    ): Promise<PublicKeyCredentialCreationOptionsJSON> {
      const { generateRegistrationOptions } = await webAuthn();
      const options = await generateRegistrationOptions({
        rpName: party.name,
        rpID: rpIdOf(party),
        userName: staff.email,
        userID: new TextEncoder().encode(staff.id),
        attestationType: 'none',
        excludeCredentials: (await credentialsOf(staff.id)).map((row) => ({
          id: row.id,
          transports: transportsOf(row),
        })),
        authenticatorSelection: {
          residentKey: 'preferred',
          userVerification: 'preferred',
        },
      });
      const at = new Date(now()).toISOString();
      await db
        .insertInto('staff_passkey_challenges')
        .values({
          staff_id: staff.id,
          challenge: options.challenge,
          created_at: at,
        })
        .onConflict((conflict) =>
          conflict
            .column('staff_id')
            .doUpdateSet({ challenge: options.challenge, created_at: at }),
        )
        .execute();
      return options;
    },

    /** Keeps the new passkey when the browser's answer signs the challenge for this origin. */
    async register(
      staffId: string,
      response: RegistrationResponseJSON,
      party: RelyingParty,
    ): Promise<Passkey | undefined> {
      const row = await db
        .deleteFrom('staff_passkey_challenges')
        .where('staff_id', '=', staffId)
        .where(
          'created_at',
          '>',
          new Date(now() - challengeLifetimeMs).toISOString(),
        )
        .returning('challenge')
        .executeTakeFirst();
      if (!row) return undefined;
      const { verifyRegistrationResponse } = await webAuthn();
      const verification = await verifyRegistrationResponse({
        response,
        expectedChallenge: row.challenge,
        expectedOrigin: party.origin,
        expectedRPID: rpIdOf(party),
        requireUserVerification: false,
      }).catch(() => undefined);
      if (!verification?.verified) return undefined;
      const { credential } = verification.registrationInfo;
      const at = new Date(now()).toISOString();
      await db
        .insertInto('staff_passkeys')
        .values({
          id: credential.id,
          staff_id: staffId,
          public_key: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: JSON.stringify(credential.transports ?? []),
          created_at: at,
          last_used_at: null,
        })
        .execute();
      return { id: credential.id, createdAt: at, lastUsedAt: null };
    },

    async remove(staffId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('staff_passkeys')
        .where('staff_id', '=', staffId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async hasAny(staffId: string): Promise<boolean> {
      return (await credentialsOf(staffId)).length > 0;
    },

    /** Options to sign in with one of the account's passkeys. */
    async authenticationOptions(
      staffId: string,
      party: RelyingParty,
    ): Promise<PublicKeyCredentialRequestOptionsJSON> {
      const { generateAuthenticationOptions } = await webAuthn();
      return generateAuthenticationOptions({
        rpID: rpIdOf(party),
        allowCredentials: (await credentialsOf(staffId)).map((row) => ({
          id: row.id,
          transports: transportsOf(row),
        })),
        userVerification: 'preferred',
      });
    },

    /**
     * Whether the browser's answer is the account's passkey signing `challenge` for this origin,
     * with a signature counter that has moved on (where the authenticator keeps one).
     */
    async authenticate(
      staffId: string,
      response: AuthenticationResponseJSON,
      challenge: string,
      party: RelyingParty,
    ): Promise<boolean> {
      const row = await db
        .selectFrom('staff_passkeys')
        .select(['id', 'public_key', 'counter', 'transports'])
        .where('staff_id', '=', staffId)
        .where('id', '=', response.id)
        .executeTakeFirst();
      if (!row) return false;
      const { verifyAuthenticationResponse } = await webAuthn();
      const verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: party.origin,
        expectedRPID: rpIdOf(party),
        credential: {
          id: row.id,
          publicKey: bytesOf(row.public_key),
          counter: Number(row.counter),
          transports: transportsOf(row),
        },
        requireUserVerification: false,
      }).catch(() => undefined);
      if (!verification?.verified) return false;
      await db
        .updateTable('staff_passkeys')
        .set({
          counter: verification.authenticationInfo.newCounter,
          last_used_at: new Date(now()).toISOString(),
        })
        .where('id', '=', row.id)
        .execute();
      return true;
    },
  };
}

export type Passkeys = ReturnType<typeof createPasskeys>;
