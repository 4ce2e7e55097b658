import { hash, verify } from '@node-rs/argon2';

/** Shorter passwords are refused when an account is made or its password is changed. */
export const minimumPasswordLength = 12;

/**
 * argon2id (the library's default algorithm) at 19 MiB, 2 passes and 1 lane: the memory-hard
 * minimum OWASP recommends; one hash takes about 50 ms here.
 */
const costs = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, costs);

let standIn: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without an account there is still a hash to check, so
 * a wrong address takes as long to refuse as a wrong password and does not reveal who has one.
 */
export async function verifyPassword(
  storedHash: string | undefined,
  password: string,
): Promise<boolean> {
  standIn ??= hashPassword('no account has this password');
  const isMatch = await verify(storedHash ?? (await standIn), password).catch(
    () => false,
  );
  return storedHash !== undefined && isMatch;
}
