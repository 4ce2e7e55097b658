import { Secret, TOTP } from 'otpauth';

/**
 * The code an authenticator app shows for a setup key, `stepsAhead` 30-second steps from now. The
 * server takes the step after the current one too (a phone's clock may run fast), so a test that
 * set up two-step sign-in with the current code signs in with the next one: a code is taken once.
 */
export function authenticationCode(setupKey: string, stepsAhead = 0): string {
  return new TOTP({
    secret: Secret.fromBase32(setupKey.replace(/\s/g, '')),
  }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}
