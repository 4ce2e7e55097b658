import { randomBytes } from 'node:crypto';
import type { Database } from './database.ts';

/**
 * A random key kept in `workspace_settings` under `name`: made by whichever process needs it
 * first, then read by every process, so all of them sign and check alike. Base64url of 32 bytes.
 */
export async function sharedSecret(
  { db }: Database,
  name: string,
): Promise<string> {
  await db
    .insertInto('workspace_settings')
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('workspace_settings')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}
