import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { engines } from '../../../tests/support/databases.ts';
import { validApplication } from '../../../tests/support/fixtures.ts';
import { captureLog } from '../../../tests/support/log-capture.ts';
import { startTestServer } from '../../../tests/support/test-server.ts';
import { loggerOptions } from '../plugins/request-log.ts';

/** Marks every generated answer, so a log line that repeats one is found. */
const sentinel = 'zz-hostile-answer';

const hostileText = fc
  .oneof(
    fc.string({ unit: 'binary', maxLength: 400 }),
    fc.string({ maxLength: 40 }).map((text) => `${text}\u0000${text}`),
    fc.constantFrom('\uD800', '\uDFFF', 'a\uDBFFb', '\uDC00\uD800'),
    fc.constant('x'.repeat(70_000)),
    fc.constantFrom(
      '\u202Eevil',
      '=cmd|/C calc',
      "'; DROP TABLE applications;--",
    ),
  )
  .map((text) => `${sentinel}${text}`);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  fc.jsonValue({ maxDepth: 3 }),
  fc
    .integer({ min: 1, max: 3000 })
    .map((depth) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`)),
  fc.dictionary(
    fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'x'),
    hostileText,
  ),
);

/** The object or array at a path of the example application, and the key of one of its entries. */
const places = [
  ['personalInfo', 'firstName'],
  ['personalInfo', 'emailAddress'],
  ['personalInfo', 'countryCode'],
  ['personalInfo.phone', 'subscriber'],
  ['personalInfo.phone', 'countryCode'],
  ['platforms', 'instagram'],
  ['platforms.instagram', 'handle'],
  ['platforms.instagram', 'followers'],
  ['fields', '0'],
  ['fields.0', 'value'],
  ['fields.0', 'key'],
  ['fields.5', 'value'],
  ['', 'personalInfo'],
  ['', 'fields'],
  ['', '__proto__'],
  ['personalInfo', '__proto__'],
] as const;

/** A valid application whose free-text answers carry any characters at all, within their limits. */
const oddButValid = fc
  .array(fc.string({ unit: 'grapheme', maxLength: 60 }), {
    minLength: 1,
    maxLength: 3,
  })
  .map((texts) => {
    const application = validApplication({
      firstName: `${sentinel}${texts[0]}`,
    });
    texts.forEach((text, index) => {
      const field = application.fields[index];
      if (field) field.value = `${sentinel}${text}`;
    });
    return JSON.stringify(application);
  });

/** A valid application with one entry replaced, or something else altogether, as JSON text. */
const hostileBody = fc.oneof(
  { weight: 4, arbitrary: oddButValid },
  {
    weight: 6,
    arbitrary: fc
      .tuple(fc.constantFrom(...places), hostileValue)
      .map(([[path, key], value]) => {
        const application = validApplication() as unknown as Record<
          string,
          unknown
        >;
        let node = application;
        for (const step of path.split('.').filter(Boolean))
          node = node[step] as Record<string, unknown>;
        // As JSON.parse would: an own property, even for `__proto__`.
        Object.defineProperty(node, key, {
          value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
        return JSON.stringify(application);
      }),
  },
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

const contentType = fc.oneof(
  { weight: 12, arbitrary: fc.constant('application/json') },
  fc.constantFrom(
    'application/json; charset=utf-8',
    'application/JSON',
    'application/json; charset=utf-16',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    undefined,
  ),
);

const idempotencyKey = fc.oneof(
  { weight: 4, arbitrary: fc.uuid({ version: 4 }) },
  fc.constant(undefined),
  fc.stringMatching(/^[ -~]{0,60}$/),
);

describe.each(engines)('10,000 hostile submissions on %s', (engine) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  const log = captureLog();
  beforeAll(async () => {
    server = await startTestServer({
      engine,
      logger: { ...loggerOptions, stream: log.stream },
    });
  });
  afterAll(() => server.close());

  test('never a 5xx, and never an answer in the log', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        hostileBody,
        contentType,
        idempotencyKey,
        async (body, type, key) => {
          const response = await server.app.inject({
            method: 'PUT',
            url: '/api/syncPage/aldmere-creators',
            headers: {
              ...(type === undefined ? {} : { 'content-type': type }),
              ...(key === undefined ? {} : { 'idempotency-key': key }),
            },
            payload: body,
          });
          statuses.set(
            response.statusCode,
            (statuses.get(response.statusCode) ?? 0) + 1,
          );
          expect(response.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 10_000 },
    );
    // Accepted and refused must both be common, or the run proves little.
    expect(statuses.get(201) ?? 0).toBeGreaterThan(1000);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(1000);
    expect(log.lines.filter((line) => line.includes(sentinel))).toEqual([]);
  }, 300_000);
});
