import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { validApplication } from '../../tests/support/fixtures.ts';
import { platformKeys } from '../../src/engine/platforms.ts';
import { createApplicationsRepository } from '../../src/server/db/applications-repository.ts';
import type { Database } from '../../src/server/db/database.ts';

/** How many applications the inbox's benches store: 100,000 unless INBOX_APPLICATIONS says otherwise. */
export const inboxApplications = Number(
  process.env.INBOX_APPLICATIONS ?? 100_000,
);

/**
 * Stores `inboxApplications` applications through the repository, as the API would: every third from GB, the
 * others from FR, one platform each in turn among six, followers spread up to 500,000. A third of
 * them have a verified count, written straight into `verified_reach`, as the look-ups would have
 * left it.
 */
export async function storeInboxApplications(
  database: Database,
): Promise<void> {
  const count = inboxApplications;
  const repository = createApplicationsRepository(database);
  const base = validApplication();
  // A thousand at a time: a hundred thousand promises at once hold every payload in memory.
  for (let start = 0; start < count; start += 1000)
    await Promise.all(
      Array.from({ length: Math.min(1000, count - start) }, (_, offset) => {
        const index = start + offset;
        return repository.store({
          pageId: 'aldmere-creators',
          idempotencyKey: randomUUID(),
          configVersion: 'c'.repeat(64),
          payload: {
            ...base,
            personalInfo: {
              ...base.personalInfo,
              firstName: `Creator${index}`,
              emailAddress: `creator${index}@example.com`,
              countryCode: index % 3 === 0 ? 'GB' : 'FR',
            },
            platforms: {
              [platformKeys[index % 6] ?? 'instagram']: {
                handle: `creator.${index}`,
                followers: String((index * 7919) % 500_000),
              },
            },
          },
        });
      }),
    );
  await database.db
    .updateTable('applications')
    .set({ verified_reach: sql`reach * 9 / 10` })
    .where(sql`reach % 3`, '=', 0)
    .execute();
}
