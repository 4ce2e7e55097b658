import { afterAll, beforeAll } from 'vitest';
import type { Database, Engine } from '../../src/server/db/database.ts';
import { scratchDatabase } from './databases.ts';

/**
 * A scratch database of the engine for the tests around the call: opened before them, closed and
 * dropped after. Returns the way to reach it from inside a test.
 */
export function useScratchDatabase(engine: Engine): () => Database {
  let database: Database | undefined;
  let drop = async () => {};
  beforeAll(async () => {
    const scratch = await scratchDatabase(engine);
    const opened = await scratch.open();
    database = opened;
    drop = async () => {
      await opened.close();
      await scratch.drop();
    };
  });
  afterAll(() => drop());
  return () => {
    if (!database)
      throw new Error('The scratch database opens before the tests.');
    return database;
  };
}
