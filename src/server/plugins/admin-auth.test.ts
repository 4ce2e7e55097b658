import Fastify from 'fastify';
import { expect, test } from 'vitest';
import { captureLog } from '../../../tests/support/log-capture.ts';
import { loggerOptions } from './request-log.ts';
import { createAdminGuard, wrongTokenLimits } from './admin-auth.ts';
import { OneLinePerRequest } from './request-log.ts';

const token = 'the-right-token-of-24-characters';

async function guarded(limits = wrongTokenLimits) {
  const log = captureLog();
  let time = Date.UTC(2026, 10, 24, 12, 0, 0);
  const app = Fastify({
    logger: { ...loggerOptions, stream: log.stream },
    logController: new OneLinePerRequest(),
  });
  app.addHook(
    'onRequest',
    createAdminGuard(token, () => time, limits),
  );
  app.get('/guarded', async () => ({ ok: true }));
  const from = async (address: string, bearer: string) =>
    (
      await app.inject({
        url: '/guarded',
        remoteAddress: address,
        headers: { authorization: `Bearer ${bearer}` },
      })
    ).statusCode;
  return {
    from,
    messages: () => log.records().map((record) => record.msg),
    later: (ms: number) => {
      time += ms;
    },
  };
}

test('the right token passes after any number of wrong ones from the same address', async () => {
  const { from } = await guarded();
  const statuses = [];
  for (let attempt = 0; attempt < 12; attempt += 1)
    statuses.push(await from('192.0.2.1', `guess-${attempt}`));
  expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
  expect(await from('192.0.2.1', token)).toBe(200);
});

test('wrong tokens are limited in total across addresses, and the limits start again each minute', async () => {
  const { from, later } = await guarded({
    ...wrongTokenLimits,
    perAddress: 3,
    total: 5,
  });
  const statuses = [];
  for (let address = 1; address <= 7; address += 1)
    statuses.push(await from(`192.0.2.${address}`, 'guess'));
  expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  expect(await from('192.0.2.8', token)).toBe(200);
  later(60_000);
  expect(await from('192.0.2.9', 'guess')).toBe(401);
});

test('wrong tokens leave one log line per address a minute, and addresses past the counted ones one in all', async () => {
  const { from, messages, later } = await guarded({
    ...wrongTokenLimits,
    total: 1_000,
    addressesTracked: 4,
  });
  for (let address = 1; address <= 50; address += 1)
    for (let attempt = 0; attempt < 3; attempt += 1)
      await from(`198.51.100.${address}`, 'guess');
  expect(messages()).toEqual([
    ...Array(4).fill('review access refused: wrong or missing token'),
    'review access refused: wrong tokens from more addresses than are counted one by one',
  ]);
  later(60_000);
  await from('198.51.100.1', 'guess');
  await from('198.51.100.1', 'guess');
  expect(messages()).toHaveLength(6);
});
