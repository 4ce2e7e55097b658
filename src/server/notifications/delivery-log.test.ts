import { randomBytes, randomUUID } from 'node:crypto';
import { expect, test } from 'vitest';
import {
  putApplication,
  validApplication,
} from '../../../tests/support/fixtures.ts';
import { captureLog } from '../../../tests/support/log-capture.ts';
import { startWebhookReceiver } from '../../../tests/support/mail.ts';
import { startTestServer } from '../../../tests/support/test-server.ts';
import { loggerOptions } from '../plugins/request-log.ts';
import { defaultNotificationConfig } from './notification-config.ts';

test('a receiver that fails many tries leaves one line per message when it starts failing and one when it is delivered, not one per try', async () => {
  const failedTries = 15;
  const hooks = await startWebhookReceiver(Array(failedTries).fill(500));
  const log = captureLog();
  const server = await startTestServer({
    publicUrl: 'https://apply.example.org',
    logger: { ...loggerOptions, stream: log.stream },
    messaging: {
      notifications: defaultNotificationConfig,
      webhookUrl: hooks.url,
      webhookSecret: `whsec_${randomBytes(32).toString('base64')}`,
      retry: { firstDelayMs: 10, longestDelayMs: 40, giveUpAfterMs: 60_000 },
      pollMs: 20,
    },
  });
  try {
    for (let application = 0; application < 3; application += 1)
      expect(
        (
          await putApplication(server.baseUrl, validApplication(), {
            key: randomUUID(),
          })
        ).status,
      ).toBe(201);
    await hooks.waitFor(3);
    expect(hooks.received.filter((entry) => entry.status === 500)).toHaveLength(
      failedTries,
    );
    const lines = () =>
      log
        .records()
        .map((record) => record.msg)
        .filter((message) => message.startsWith('message '));
    // Each line is written once the outcome is recorded, just after the receiver has answered.
    await expect
      .poll(
        () =>
          lines().filter((line) => line === 'message delivered after failing')
            .length,
      )
      .toBe(3);
    expect(
      lines().filter((line) => line === 'message will be retried'),
    ).toHaveLength(3);
    expect(lines()).toHaveLength(6);
  } finally {
    await server.close();
    await hooks.close();
  }
});
