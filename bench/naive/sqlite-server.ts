// The floor for durable writes: Fastify and better-sqlite3 in WAL with synchronous=FULL, one INSERT
// per request, no validation, no logging. bench/submissions.ts runs it beside the real server.
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import Fastify from 'fastify';

const database = new Database(process.env.SQLITE_PATH ?? 'naive.db');
database.pragma('journal_mode = WAL');
database.pragma('synchronous = FULL');
database.exec(
  'CREATE TABLE IF NOT EXISTS applications (id TEXT PRIMARY KEY, idempotency_key TEXT UNIQUE, payload TEXT)',
);
const insert = database.prepare('INSERT INTO applications VALUES (?, ?, ?)');
const app = Fastify();
app.put('/api/syncPage/:pageId', async (request, reply) => {
  const id = randomUUID();
  insert.run(
    id,
    request.headers['idempotency-key'],
    JSON.stringify(request.body),
  );
  return reply.code(201).send({ id, receivedAt: new Date().toISOString() });
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
