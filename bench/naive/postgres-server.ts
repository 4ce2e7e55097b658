// The PostgreSQL floor: Fastify and pg, one INSERT per request (each its own committed
// transaction), no validation, no logging. bench/submissions.ts runs it beside the real server.
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: 10,
});
await pool.query(
  'CREATE TABLE IF NOT EXISTS naive_applications (id TEXT PRIMARY KEY, idempotency_key TEXT UNIQUE, payload JSONB)',
);
const app = Fastify();
app.put('/api/syncPage/:pageId', async (request, reply) => {
  const id = randomUUID();
  await pool.query('INSERT INTO naive_applications VALUES ($1, $2, $3)', [
    id,
    request.headers['idempotency-key'],
    JSON.stringify(request.body),
  ]);
  return reply.code(201).send({ id, receivedAt: new Date().toISOString() });
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
