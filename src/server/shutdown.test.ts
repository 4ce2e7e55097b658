import { connect } from 'node:net';
import { randomUUID } from 'node:crypto';
import { expect, test } from 'vitest';
import { scratchDatabase } from '../../tests/support/databases.ts';
import { validApplication } from '../../tests/support/fixtures.ts';
import { startServerProcess } from '../../tests/support/server-process.ts';

/** Resolves once the port refuses new connections: the server has begun to stop. */
async function refusesConnections(port: number): Promise<void> {
  for (;;) {
    const isRefused = await new Promise<boolean>((resolve) => {
      const probe = connect(port, '127.0.0.1');
      probe.once('connect', () => {
        probe.destroy();
        resolve(false);
      });
      probe.once('error', () => resolve(true));
    });
    if (isRefused) return;
  }
}

test('a request still uploading at SIGTERM gets its answer, and the kept-alive connection does not hold the exit', async () => {
  const scratch = await scratchDatabase('sqlite');
  const server = await startServerProcess({ SQLITE_PATH: scratch.sqlitePath });
  const { port } = new URL(server.url);
  const body = JSON.stringify(validApplication());
  const socket = connect(Number(port), '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk));
  const receivedText = (pattern: RegExp) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!pattern.test(received)) return;
        socket.off('data', check);
        resolve();
      };
      socket.on('data', check);
    });
  const continued = receivedText(/^HTTP\/1\.1 100 Continue/);
  // Headers first: `100 Continue` says the server holds the request before the stop arrives.
  socket.write(
    [
      'PUT /api/syncPage/aldmere-creators HTTP/1.1',
      'Host: 127.0.0.1',
      'Content-Type: application/json',
      `Idempotency-Key: ${randomUUID()}`,
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Expect: 100-continue',
      '',
      '',
    ].join('\r\n'),
  );
  await continued;
  const answered = receivedText(/\r\n\r\n\{.*\}/s);

  server.process.kill('SIGTERM');
  await refusesConnections(Number(port));
  socket.write(body);
  await answered;

  expect(received).toMatch(/HTTP\/1\.1 201 Created/);
  expect(received).toMatch(/\r\nconnection: close\r\n/i);
  // The graceful close finished by itself: the deadline's forced exit would give 1.
  expect(await server.exited).toBe(0);
  socket.destroy();
  await scratch.drop();
}, 30_000);
