import { connect } from 'node:net';
import { expect, onTestFinished, test } from 'vitest';
import { scratchDatabase } from '../../tests/support/databases.ts';
import { adminToken } from '../../tests/support/fixtures.ts';
import { photoJpeg, pngDeclaring } from '../../tests/support/images.ts';
import { startServerProcess } from '../../tests/support/server-process.ts';

/**
 * An upload whose headers are sent with `Expect: 100-continue`: once the server answers `100
 * Continue` the request has reached the app, and the file follows. Resolves once the file is
 * sent, with `answered`: everything the server sent, once the connection ends.
 */
async function uploadInFlight(port: number, file: Buffer) {
  const boundary = 'upload-in-flight';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="image"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  let received = '';
  const ended = new Promise<string>((resolve) =>
    socket.once('close', () => resolve(received)),
  );
  const continued = new Promise<void>((resolve) => {
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      if (received.startsWith('HTTP/1.1 100 Continue')) resolve();
    });
  });
  socket.write(
    [
      'POST /api/review/form/images HTTP/1.1',
      'Host: 127.0.0.1',
      `Authorization: Bearer ${adminToken}`,
      `Content-Type: multipart/form-data; boundary=${boundary}`,
      `Content-Length: ${body.length}`,
      'Expect: 100-continue',
      '',
      '',
    ].join('\r\n'),
  );
  await continued;
  await new Promise((resolve) => socket.write(body, resolve));
  return { answered: ended };
}

/** The final answer's status and Retry-After, after the interim `100 Continue`. */
function answerOf(received: string) {
  const final = received.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, '');
  return {
    status: Number(/^HTTP\/1\.1 (\d{3})/.exec(final)?.[1]),
    retryAfter: /\r\nretry-after: (\d+)\r\n/i.exec(final)?.[1],
  };
}

test('SIGTERM with uploads in flight (a 5.6 MB photo being made, a PNG bomb) ends the process by itself, before the deadline forces it', async () => {
  const scratch = await scratchDatabase('sqlite');
  const server = await startServerProcess({
    SQLITE_PATH: scratch.sqlitePath,
    ADMIN_TOKEN: adminToken,
  });
  // A process still held by its work after a failed assertion is not left running.
  onTestFinished(() => {
    server.process.kill('SIGKILL');
  });
  const port = Number(new URL(server.url).port);
  const photo = await photoJpeg(6000, 4000);
  const uploads = await Promise.all([
    uploadInFlight(port, photo),
    uploadInFlight(port, pngDeclaring(16_000_000, 16)),
  ]);

  server.process.kill('SIGTERM');

  // The deadline's forced exit gives 1; 0 is a close that finished within it.
  expect(await server.exited).toBe(0);
  const [photoAnswer, bombAnswer] = (
    await Promise.all(uploads.map((upload) => upload.answered))
  ).map(answerOf);
  // Made before the stop, or let go at the stop, with when to try again.
  expect([
    { status: 201, retryAfter: undefined },
    { status: 503, retryAfter: '5' },
  ]).toContainEqual(photoAnswer);
  expect([
    { status: 422, retryAfter: undefined },
    { status: 503, retryAfter: '5' },
  ]).toContainEqual(bombAnswer);
  await scratch.drop();
});
