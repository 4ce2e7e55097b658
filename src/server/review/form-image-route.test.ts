import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { engines } from '../../../tests/support/databases.ts';
import { pngDeclaring, truncatedJpeg } from '../../../tests/support/images.ts';
import { captureLog } from '../../../tests/support/log-capture.ts';
import { staffMember } from '../../../tests/support/staff.ts';
import { startTestServer } from '../../../tests/support/test-server.ts';
import { loggerOptions } from '../plugins/request-log.ts';
import { createImageQueue, type ImageQueue } from '../form/image-queue.ts';

const password = 'a long enough secret';

/** A server whose upload line the test holds, logging into `log`, with an admin signed in. */
async function serverWithHeldLine(engine: (typeof engines)[number]) {
  const queue = createImageQueue();
  const log = captureLog();
  const server = await startTestServer({
    engine,
    imageQueue: queue,
    logger: { ...loggerOptions, stream: log.stream },
  });
  const cookie = await staffMember(
    server,
    'ada@example.org',
    'admin',
    password,
  );
  /** Uploads `file` as the editor does. */
  const upload = (file: Buffer<ArrayBuffer>, name = 'image.png') => {
    const form = new FormData();
    form.append('image', new Blob([file]), name);
    return fetch(`${server.baseUrl}/api/review/form/images`, {
      method: 'POST',
      headers: { origin: server.baseUrl, cookie },
      body: form,
    });
  };
  return { server, queue, log, upload };
}

/** Takes a place in the line as an upload would, or fails the test. */
function placeIn(queue: ImageQueue) {
  const place = queue.enter();
  if (typeof place === 'string') throw new Error(`no place: ${place}`);
  return place;
}

/** Whether the line is full, asked without keeping the place it may give. */
function lineState(queue: ImageQueue) {
  const probe = queue.enter();
  if (typeof probe === 'string') return probe;
  probe.leave();
  return 'room';
}

/** Holds the line's one turn until `release`; the work ends early if the server stops. */
function holdTheTurn(queue: ImageQueue) {
  const place = placeIn(queue);
  let release = () => {};
  let stopSeen = false;
  const done = place
    .run(
      (signal) =>
        new Promise<void>((resolve, reject) => {
          release = resolve;
          signal.addEventListener('abort', () => {
            stopSeen = true;
            reject(signal.reason as Error);
          });
        }),
    )
    .catch(() => {})
    .finally(() => place.leave());
  return {
    release: async () => {
      release();
      await done;
    },
    stopSeen: () => stopSeen,
  };
}

/** An answer as the editor reads it: its status, when to try again, and its body. */
const answerOf = async (answered: Promise<Response>) => {
  const response = await answered;
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as unknown,
  };
};

const smallPng = () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();

describe.each(engines)('image uploads on %s', (engine) => {
  let held: Awaited<ReturnType<typeof serverWithHeldLine>>;
  beforeAll(async () => {
    held = await serverWithHeldLine(engine);
  });
  afterAll(() => held.server.close());

  test('a PNG declaring 16,000,000 × 16 pixels and a truncated JPEG are refused, saying why, in one log line each without a stack; the server answers on', async () => {
    const bomb = await held.upload(pngDeclaring(16_000_000, 16));
    expect(bomb.status).toBe(422);
    expect(await bomb.json()).toEqual({
      error: 'unreadable_image',
      message:
        'This image is 16,000,000 × 16 pixels; images may have at most 40 megapixels. Make it smaller and upload it again.',
    });
    const square = await held.upload(pngDeclaring(16_000, 16_000));
    expect(square.status).toBe(422);

    const cut = await held.upload(await truncatedJpeg(), 'photo.jpg');
    expect(cut.status).toBe(422);
    expect(await cut.json()).toEqual({
      error: 'unreadable_image',
      message:
        'This JPEG image is damaged or cut short, so it cannot be read. Save or export it again and upload the new file.',
    });
    expect((await fetch(`${held.server.baseUrl}/api/health`)).status).toBe(200);

    const records = held.log.records() as Array<
      Record<string, unknown> & { msg: string; level: number }
    >;
    expect(
      records
        .filter((record) => record.msg === 'image refused')
        .map(({ level, reason }) => ({ level, reason })),
    ).toEqual([
      { level: 30, reason: 'too_many_pixels' },
      { level: 30, reason: 'too_many_pixels' },
      { level: 30, reason: 'unreadable' },
    ]);
    expect(records.filter((record) => record.level >= 40)).toEqual([]);
    expect(held.log.lines.join('\n')).not.toMatch(/"err"|stack|\n\s+at /);
  });

  test('with one image being made and three more holding places, the next upload hears 429 and when to try again; once the line moves it is taken', async () => {
    const turn = holdTheTurn(held.queue);
    const places = [
      placeIn(held.queue),
      placeIn(held.queue),
      placeIn(held.queue),
    ];

    expect(await answerOf(held.upload(await smallPng()))).toEqual({
      status: 429,
      retryAfter: '5',
      body: {
        error: 'busy',
        message:
          'The server is making other images. Try again in a moment: nothing was uploaded.',
      },
    });

    for (const place of places) place.leave();
    await turn.release();
    expect((await held.upload(await smallPng())).status).toBe(201);
  });

  test('an upload waiting in line when the server begins to stop hears 503 and when to try again; the image being made is told to stop', async () => {
    const own = await serverWithHeldLine(engine);
    const turn = holdTheTurn(own.queue);
    const waiting = own.upload(await smallPng());
    // The upload has its place once the line has room for only the two the test takes now.
    const others = [placeIn(own.queue), placeIn(own.queue)];
    await expect.poll(() => lineState(own.queue)).toBe('full');
    for (const place of others) place.leave();

    const closed = own.server.close();
    expect(await answerOf(waiting)).toEqual({
      status: 503,
      retryAfter: '5',
      body: {
        error: 'unavailable',
        message:
          'The server is restarting, so the image was not kept. Upload it again in a moment.',
      },
    });
    expect(turn.stopSeen()).toBe(true);
    await closed;
  });
});
