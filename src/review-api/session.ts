import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import * as z from 'zod/mini';
import { byIdSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { staffMemberSchema } from './staff.ts';

/**
 * Who is signed in, and whether the organisation keeps them at the two-step set-up until they
 * have done it: true only while it is required and not yet on for the account.
 */
const sessionSchema = z.object({
  ...staffMemberSchema.shape,
  mustEnrol: z.boolean(),
});

const codeSchema = z.string().check(z.maxLength(100));
const passwordSchema = z.string().check(z.maxLength(1024));

/**
 * What WebAuthn's browser and server libraries exchange. The server's library checks every part of
 * it; here it need only be an object (the body is at most 64 KiB).
 */
const webAuthnSchema = <T>() =>
  z.custom<T>(
    (value) =>
      typeof value === 'object' && value !== null && !Array.isArray(value),
    'Expected an object',
  );

export const readSession = endpoint({
  method: 'GET',
  path: '/api/review/session',
  responses: { 200: sessionSchema },
});

export const signOut = endpoint({
  method: 'DELETE',
  path: '/api/review/session',
  responses: { 204: z.undefined() },
});

/** The password: signed in (200), or the second step still to come (202). */
export const signIn = endpoint({
  method: 'POST',
  path: '/api/review/session',
  body: z.strictObject({
    email: z.string().check(z.maxLength(320)),
    password: passwordSchema,
  }),
  responses: {
    200: sessionSchema,
    202: z.object({
      status: z.literal('two_step_needed'),
      message: z.string(),
      methods: z.array(z.enum(['code', 'passkey'])),
    }),
  },
});

/** The second step with a code from the app, or a recovery code (then how many are left). */
export const signInWithCode = endpoint({
  method: 'POST',
  path: '/api/review/session/code',
  body: z.strictObject({ code: codeSchema }),
  responses: {
    200: z.object({
      ...sessionSchema.shape,
      recoveryCodesLeft: z.optional(z.number()),
    }),
  },
});

export const passkeySignInOptions = endpoint({
  method: 'POST',
  path: '/api/review/session/passkey/options',
  responses: { 200: webAuthnSchema<PublicKeyCredentialRequestOptionsJSON>() },
});

export const signInWithPasskey = endpoint({
  method: 'POST',
  path: '/api/review/session/passkey',
  body: z.strictObject({
    response: webAuthnSchema<AuthenticationResponseJSON>(),
  }),
  responses: { 200: sessionSchema },
});

export const changePassword = endpoint({
  method: 'POST',
  path: '/api/review/password',
  body: z.strictObject({
    currentPassword: passwordSchema,
    newPassword: passwordSchema,
  }),
  responses: { 204: z.undefined() },
});

const twoStepStatusSchema = z.object({
  isOn: z.boolean(),
  isRequired: z.boolean(),
  /** Unused recovery codes; null while two-step sign-in is off. */
  recoveryCodesLeft: z.nullable(z.number()),
});

export const readTwoStep = endpoint({
  method: 'GET',
  path: '/api/review/two-step',
  responses: { 200: twoStepStatusSchema },
});

/** A new key for an authenticator app, as text and as a QR code (a data URL). */
export const beginTwoStepSetup = endpoint({
  method: 'POST',
  path: '/api/review/two-step/setup',
  responses: {
    200: z.object({ setupKey: z.string(), qrCode: z.string() }),
  },
});

/** The app's first code turns two-step sign-in on; the answer holds the ten recovery codes, once. */
export const turnOnTwoStep = endpoint({
  method: 'POST',
  path: '/api/review/two-step',
  body: z.strictObject({ code: codeSchema }),
  responses: { 201: z.object({ recoveryCodes: z.array(z.string()) }) },
});

export const turnOffTwoStep = endpoint({
  method: 'POST',
  path: '/api/review/two-step/off',
  body: z.strictObject({ password: passwordSchema }),
  responses: { 204: z.undefined() },
});

const passkeySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
});

export const listPasskeys = endpoint({
  method: 'GET',
  path: '/api/review/passkeys',
  responses: { 200: z.object({ passkeys: z.array(passkeySchema) }) },
});

export const passkeyOptions = endpoint({
  method: 'POST',
  path: '/api/review/passkeys/options',
  responses: { 200: webAuthnSchema<PublicKeyCredentialCreationOptionsJSON>() },
});

export const addPasskey = endpoint({
  method: 'POST',
  path: '/api/review/passkeys',
  body: z.strictObject({
    response: webAuthnSchema<RegistrationResponseJSON>(),
  }),
  responses: { 201: passkeySchema },
});

export const removePasskey = endpoint({
  method: 'DELETE',
  path: '/api/review/passkeys/:id',
  params: byIdSchema,
  responses: { 204: z.undefined() },
});
