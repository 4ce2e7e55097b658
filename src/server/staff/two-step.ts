import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Database } from '../db/database.ts';
import type { StaffRole } from '#review-api/staff.ts';

/** RFC 6238 as every authenticator app reads it: HMAC-SHA-1, 6 digits, a new code each 30 s. */
const codeShape = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** A code of the step before or after also passes: a phone's clock may be a few seconds off. */
const stepsEitherSide = 1;
const recoveryCodeCount = 10;
/** After the password, the second step must follow within 5 minutes and at most 5 wrong codes. */
export const pendingLifetimeMs = 5 * 60 * 1000;
const wrongCodesAllowed = 5;

/** The workspace setting that requires two-step sign-in of every account. */
export const requireTwoStepSetting = 'require_two_step';

const sha256 = (text: string) =>
  createHash('sha256').update(text).digest('hex');

/** What a person types, without the spaces and dashes that group it, in lower case. */
const normalCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

/** 120 random bits as 24 base32 letters and digits in groups of four: enough to keep only a SHA-256. */
function newRecoveryCode(): string {
  const letters = new Secret({ size: 15 }).base32.toLowerCase();
  return letters.match(/.{4}/g)?.join('-') ?? letters;
}

/** The setup key as a person copies it: base32 in groups of four. */
const groupedKey = (base32: string) => base32.match(/.{1,4}/g)?.join(' ') ?? '';

const totpOf = (secret: string, label = '', issuer = '') =>
  new TOTP({
    ...codeShape,
    issuer,
    label,
    secret: Secret.fromBase32(secret),
  });

export type TwoStepStatus = {
  isOn: boolean;
  isRequired: boolean;
  /** Unused recovery codes; null while two-step sign-in is off. */
  recoveryCodesLeft: number | null;
};

export type PendingSignIn = {
  staffId: string;
  email: string;
  role: StaffRole;
};

/**
 * Two-step sign-in: a time-based code (or a recovery code) after the password. The key stays in
 * the database, as the server must compute the codes; recovery codes are kept as SHA-256 only.
 * Each code is taken once: a time-based code only if its time step is later than the last one
 * taken, a recovery code only while unused, each claimed by one conditional update so that two
 * processes cannot both accept it.
 */
export function createTwoStep(
  database: Database,
  now: () => number = Date.now,
) {
  const { db } = database;

  /** The time step of `code` if it is right for `secret` now, and later than `lastStep`. */
  const stepOf = (
    secret: string,
    code: string,
    lastStep: number | null,
  ): number | undefined => {
    if (!/^\d{6}$/.test(code)) return undefined;
    const timestamp = now();
    const delta = totpOf(secret).validate({
      token: code,
      timestamp,
      window: stepsEitherSide,
    });
    if (delta === null) return undefined;
    const step = TOTP.counter({ period: codeShape.period, timestamp }) + delta;
    return lastStep === null || step > lastStep ? step : undefined;
  };

  /** Takes the step for the account unless another request took it (or a later one) first. */
  const claimStep = async (staffId: string, step: number) => {
    const result = await db
      .updateTable('staff_two_step')
      .set({ last_step: step })
      .where('staff_id', '=', staffId)
      .where((eb) =>
        eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  };

  const isRequired = async () =>
    (
      await db
        .selectFrom('workspace_settings')
        .select('value')
        .where('name', '=', requireTwoStepSetting)
        .executeTakeFirst()
    )?.value === 'on';

  return {
    isRequired,

    async setRequired(isOn: boolean): Promise<void> {
      await db
        .insertInto('workspace_settings')
        .values({ name: requireTwoStepSetting, value: isOn ? 'on' : 'off' })
        .onConflict((conflict) =>
          conflict.column('name').doUpdateSet({ value: isOn ? 'on' : 'off' }),
        )
        .execute();
    },

    async status(staffId: string): Promise<TwoStepStatus> {
      const [row, codes, required] = await Promise.all([
        db
          .selectFrom('staff_two_step')
          .select('turned_on_at')
          .where('staff_id', '=', staffId)
          .executeTakeFirst(),
        db
          .selectFrom('staff_recovery_codes')
          .select((eb) => eb.fn.countAll<string | number>().as('count'))
          .where('staff_id', '=', staffId)
          .where('used_at', 'is', null)
          .executeTakeFirst(),
        isRequired(),
      ]);
      const isOn = Boolean(row?.turned_on_at);
      return {
        isOn,
        isRequired: required,
        recoveryCodesLeft: isOn ? Number(codes?.count ?? 0) : null,
      };
    },

    /**
     * A new key for an account whose two-step sign-in is off, replacing one whose set-up was not
     * finished; undefined when it is on. The QR code holds the `otpauth://` address authenticator
     * apps read, named after the organisation and the account.
     */
    async beginSetup(
      staffId: string,
      names: { issuer: string; account: string },
    ): Promise<{ setupKey: string; qrCode: string } | undefined> {
      const secret = new Secret({ size: 20 }).base32;
      const isSet = await db.transaction().execute(async (transaction) => {
        const row = await transaction
          .selectFrom('staff_two_step')
          .select('turned_on_at')
          .where('staff_id', '=', staffId)
          .executeTakeFirst();
        if (row?.turned_on_at) return false;
        await transaction
          .deleteFrom('staff_two_step')
          .where('staff_id', '=', staffId)
          .execute();
        await transaction
          .insertInto('staff_two_step')
          .values({
            staff_id: staffId,
            secret,
            created_at: new Date(now()).toISOString(),
            turned_on_at: null,
            last_step: null,
          })
          .execute();
        return true;
      });
      if (!isSet) return undefined;
      // Loaded only here: a set-up is rare, and every start-up would pay for it.
      const { renderSVG } = await import('uqr');
      const svg = renderSVG(
        totpOf(secret, names.account, names.issuer).toString(),
        { border: 2, ecc: 'M' },
      );
      return {
        setupKey: groupedKey(secret),
        qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      };
    },

    /**
     * Turns two-step sign-in on with the first right code from the new key, and returns the ten
     * recovery codes, which exist nowhere else from then on. `wrong_code` for a wrong code,
     * `no_setup` when no set-up was begun (or it is on already).
     */
    async finishSetup(
      staffId: string,
      code: string,
    ): Promise<string[] | 'wrong_code' | 'no_setup'> {
      const row = await db
        .selectFrom('staff_two_step')
        .select(['secret', 'turned_on_at', 'last_step'])
        .where('staff_id', '=', staffId)
        .executeTakeFirst();
      if (!row || row.turned_on_at) return 'no_setup';
      const step = stepOf(row.secret, normalCode(code), row.last_step);
      if (step === undefined) return 'wrong_code';
      const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
      const isOn = await db.transaction().execute(async (transaction) => {
        const result = await transaction
          .updateTable('staff_two_step')
          .set({ turned_on_at: new Date(now()).toISOString(), last_step: step })
          .where('staff_id', '=', staffId)
          .where('secret', '=', row.secret)
          .where('turned_on_at', 'is', null)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await transaction
          .deleteFrom('staff_recovery_codes')
          .where('staff_id', '=', staffId)
          .execute();
        await transaction
          .insertInto('staff_recovery_codes')
          .values(
            codes.map((recoveryCode) => ({
              code_hash: sha256(normalCode(recoveryCode)),
              staff_id: staffId,
              used_at: null,
            })),
          )
          .execute();
        return true;
      });
      return isOn ? codes : 'no_setup';
    },

    /** Turns two-step sign-in off: the key, the recovery codes and the passkeys are deleted. */
    async turnOff(staffId: string): Promise<boolean> {
      return db.transaction().execute(async (transaction) => {
        const result = await transaction
          .deleteFrom('staff_two_step')
          .where('staff_id', '=', staffId)
          .executeTakeFirst();
        await transaction
          .deleteFrom('staff_recovery_codes')
          .where('staff_id', '=', staffId)
          .execute();
        await transaction
          .deleteFrom('staff_pending_sign_ins')
          .where('staff_id', '=', staffId)
          .execute();
        // Passkeys are a second way of the second step: without it they have nothing to do.
        await transaction
          .deleteFrom('staff_passkeys')
          .where('staff_id', '=', staffId)
          .execute();
        return Number(result.numDeletedRows) > 0;
      });
    },

    /** Whether the account has two-step sign-in on (its set-up finished). */
    async isOn(staffId: string): Promise<boolean> {
      const row = await db
        .selectFrom('staff_two_step')
        .select('turned_on_at')
        .where('staff_id', '=', staffId)
        .executeTakeFirst();
      return Boolean(row?.turned_on_at);
    },

    /**
     * Takes a time-based code or a recovery code for an account with two-step sign-in on: which
     * kind it was, or undefined when it is wrong or was taken before.
     */
    async take(
      staffId: string,
      code: string,
    ): Promise<'code' | 'recovery_code' | undefined> {
      const typed = normalCode(code);
      const row = await db
        .selectFrom('staff_two_step')
        .select(['secret', 'turned_on_at', 'last_step'])
        .where('staff_id', '=', staffId)
        .executeTakeFirst();
      if (!row?.turned_on_at) return undefined;
      const step = stepOf(row.secret, typed, row.last_step);
      if (step !== undefined)
        return (await claimStep(staffId, step)) ? 'code' : undefined;
      const used = await db
        .updateTable('staff_recovery_codes')
        .set({ used_at: new Date(now()).toISOString() })
        .where('code_hash', '=', sha256(typed))
        .where('staff_id', '=', staffId)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(used.numUpdatedRows) === 1 ? 'recovery_code' : undefined;
    },

    /** A password accepted: the token the browser holds until the second step is done. */
    async startPending(staffId: string): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await db
        .insertInto('staff_pending_sign_ins')
        .values({
          token_hash: sha256(token),
          staff_id: staffId,
          created_at: new Date(now()).toISOString(),
        })
        .execute();
      return token;
    },

    /** Who a pending sign-in is of, while it is fresh and has wrong codes to spare. */
    async pending(token: string): Promise<PendingSignIn | undefined> {
      const since = new Date(now() - pendingLifetimeMs).toISOString();
      const row = await db
        .selectFrom('staff_pending_sign_ins')
        .innerJoin(
          'staff_accounts',
          'staff_accounts.id',
          'staff_pending_sign_ins.staff_id',
        )
        .select([
          'staff_accounts.id',
          'staff_accounts.email',
          'staff_accounts.role',
        ])
        .where('token_hash', '=', sha256(token))
        .where('staff_pending_sign_ins.created_at', '>', since)
        .where('wrong_codes', '<', wrongCodesAllowed)
        .executeTakeFirst();
      return row && { staffId: row.id, email: row.email, role: row.role };
    },

    /** Keeps the challenge a passkey must sign to finish a pending sign-in. */
    async setChallenge(token: string, challenge: string): Promise<void> {
      await db
        .updateTable('staff_pending_sign_ins')
        .set({ challenge })
        .where('token_hash', '=', sha256(token))
        .execute();
    },

    /** The challenge of a pending sign-in, taken: it can be answered once. */
    async takeChallenge(token: string): Promise<string | undefined> {
      const tokenHash = sha256(token);
      const row = await db
        .selectFrom('staff_pending_sign_ins')
        .select('challenge')
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row?.challenge) return undefined;
      const taken = await db
        .updateTable('staff_pending_sign_ins')
        .set({ challenge: null })
        .where('token_hash', '=', tokenHash)
        .where('challenge', '=', row.challenge)
        .executeTakeFirst();
      return Number(taken.numUpdatedRows) === 1 ? row.challenge : undefined;
    },

    /** Counts a wrong code against a pending sign-in; past the last one it must start again. */
    async wrongCode(token: string): Promise<void> {
      await db
        .updateTable('staff_pending_sign_ins')
        .set((eb) => ({ wrong_codes: eb('wrong_codes', '+', 1) }))
        .where('token_hash', '=', sha256(token))
        .execute();
    },

    async endPending(token: string): Promise<void> {
      const since = new Date(now() - pendingLifetimeMs).toISOString();
      // Stale ones of anybody go on the way.
      await db
        .deleteFrom('staff_pending_sign_ins')
        .where((eb) =>
          eb.or([
            eb('token_hash', '=', sha256(token)),
            eb('created_at', '<=', since),
          ]),
        )
        .execute();
    },
  };
}

export type TwoStep = ReturnType<typeof createTwoStep>;
