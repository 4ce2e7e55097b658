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

/**
 * A PUT whose headers are sent and held (`100 Continue` says the server has it) while its body
 * waits: a request in flight when the stop arrives.
 */
async function requestInFlight(port: number) {
  const body = JSON.stringify(validApplication());
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk));
  socket.on('error', () => {});
  const receivedText = (pattern: RegExp) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!pattern.test(received)) return;
        socket.off('data', check);
        resolve();
      };
      socket.on('data', check);
      // A connection dropped without an answer fails the assertions that follow, at once.
      socket.once('close', () => resolve());
    });
  const continued = receivedText(/^HTTP\/1\.1 100 Continue/);
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
  return {
    socket,
    received: () => received,
    /** Sends the body (or its first half, for a client that stalls) and resolves on the answer. */
    send: (part: 'all' | 'half' = 'all') => {
      const answered = receivedText(/\r\n\r\n\{.*\}/s);
      socket.write(part === 'all' ? body : body.slice(0, body.length / 2));
      return answered;
    },
  };
}

/** A server process on a scratch SQLite file, holding one request in flight. */
async function serverWithRequestInFlight() {
  const scratch = await scratchDatabase('sqlite');
  const server = await startServerProcess({ SQLITE_PATH: scratch.sqlitePath });
  const port = Number(new URL(server.url).port);
  return { scratch, server, port, request: await requestInFlight(port) };
}

test('a request still uploading at SIGTERM gets its answer, and the kept-alive connection does not hold the exit', async () => {
  const { scratch, server, port, request } = await serverWithRequestInFlight();

  server.process.kill('SIGTERM');
  await refusesConnections(port);
  await request.send();

  expect(request.received()).toMatch(/HTTP\/1\.1 201 Created/);
  expect(request.received()).toMatch(/\r\nconnection: close\r\n/i);
  // The graceful close finished by itself: the deadline's forced exit would give 1.
  expect(await server.exited).toBe(0);
  request.socket.destroy();
  await scratch.drop();
});

test('the same SIGTERM arriving twice (to the process group, and passed on by npm) still lets the request finish', async () => {
  const { scratch, server, port, request } = await serverWithRequestInFlight();

  server.process.kill('SIGTERM');
  await refusesConnections(port);
  // Signals sent back to back merge into one; the second comes once the first is being handled.
  server.process.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 200));
  await request.send();

  expect(request.received()).toMatch(/HTTP\/1\.1 201 Created/);
  expect(await server.exited).toBe(0);
  request.socket.destroy();
  await scratch.drop();
});

test('a client that stops sending halfway does not hold the exit past the 10-second deadline', async () => {
  const { scratch, server, port, request } = await serverWithRequestInFlight();
  void request.send('half');
  const idle = connect(port, '127.0.0.1');
  idle.on('error', () => {});

  const stoppedAt = Date.now();
  server.process.kill('SIGTERM');
  const code = await server.exited;
  const seconds = (Date.now() - stoppedAt) / 1000;

  expect(code).toBe(1);
  expect(seconds).toBeGreaterThanOrEqual(9.5);
  expect(seconds).toBeLessThan(11);
  request.socket.destroy();
  idle.destroy();
  await scratch.drop();
});
