import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { ApplicationDescriptions } from './application-descriptions.ts';
import type { Database } from './db/database.ts';
import { payloadsOf } from './db/inbox-selection.ts';
import {
  currentRevisionHead,
  hasCurrentRevision,
  readableAnswersOf,
} from './readable-answers.ts';

const batchSize = 100;

/**
 * Gives readable answers to the applications that have none under this revision: those stored
 * before they were kept, and every one after describing changes. Once after the server starts, a
 * batch at a time in the order of ids, each batch one transaction, the event loop turning between
 * them. Until it is done an export describes those applications as it reads them, so nothing
 * waits for it; running on several servers at once, each writes what the other would.
 */
export function createReadableAnswersFill(
  database: Database,
  descriptions: ApplicationDescriptions,
) {
  const { db } = database;
  let isStopped = false;
  let running: Promise<void> | undefined;

  /**
   * Fills what is due among the next `batchSize` applications after `after`: gives the last id it
   * read, and how many it filled. The batch is read in the order of ids with the first bytes of
   * each one's texts, so a start that finds nothing to fill holds the event loop for no longer than
   * a batch takes, where one query for those due would read every row at once.
   */
  async function fillAfter(after: string) {
    const rows = await db
      .selectFrom('applications')
      .select([
        'id',
        'config_version',
        sql<
          string | null
        >`substr(readable_answers, 1, ${currentRevisionHead.length})`.as(
          'head',
        ),
      ])
      .where('id', '>', after)
      .orderBy('id')
      .limit(batchSize)
      .execute();
    const due = rows.filter((row) => !hasCurrentRevision(row.head));
    const payloads = await payloadsOf(
      database,
      due.map((row) => row.id),
    );
    const texts: Array<{ id: string; text: string }> = [];
    for (const row of due) {
      const payload = payloads.get(row.id);
      // Erased since the batch was read.
      if (!payload) continue;
      texts.push({
        id: row.id,
        text: readableAnswersOf(
          payload,
          await descriptions.modelFor(row.config_version),
        ),
      });
    }
    if (texts.length > 0)
      await db.transaction().execute(async (transaction) => {
        for (const { id, text } of texts)
          await transaction
            .updateTable('applications')
            .set({ readable_answers: text })
            .where('id', '=', id)
            .execute();
      });
    return { last: rows.at(-1)?.id ?? null, filled: texts.length };
  }

  async function fill(log: FastifyBaseLogger) {
    let after: string | null = '';
    let count = 0;
    try {
      while (after !== null && !isStopped) {
        const batch = await fillAfter(after);
        count += batch.filled;
        after = batch.last;
        await new Promise(setImmediate);
      }
    } catch (error) {
      // The next start tries again; exports describe what is left meanwhile.
      log.warn({ err: error }, 'could not store readable answers');
    }
    if (count > 0)
      log.info(
        { applications: count },
        'readable answers stored for applications stored without them',
      );
  }

  return {
    /** Resolves when every application has them, or the fill stopped. */
    start(log: FastifyBaseLogger): Promise<void> {
      running = fill(log);
      return running;
    },
    /** No batch starts after this; resolves when the running one has ended. */
    async stop() {
      isStopped = true;
      await running;
    },
  };
}
