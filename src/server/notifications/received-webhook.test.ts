import { expect, test } from 'vitest';
import type { ApplicationPayload } from '#engine/payload.ts';
import {
  exampleConfig,
  validApplication,
} from '../../../tests/support/fixtures.ts';
import { applicationReceivedWebhook } from './messages.ts';
import { messageSettingsOf } from './messaging.ts';

const config = exampleConfig({ hiddenFields: ['partner'] });
const settings = messageSettingsOf(config, 'https://apply.example.org', {
  webhookUrl: 'https://hooks.example.org/applications',
  webhookSecret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
});
const received = (payload: ApplicationPayload) => {
  const [message] = applicationReceivedWebhook(
    {
      id: '5b0c8f8e-4f6e-4d4e-9a57-0d4bde0f3a11',
      receivedAt: '2026-11-24T10:00:00.000Z',
      pageId: config.pageId,
      callSlug: config.pageId,
      payload,
      duplicateOf: null,
    },
    settings,
  );
  return message?.content as { data: Record<string, unknown> };
};

test('application.received carries the hidden values it came with, by name, and no answer besides the summary', () => {
  const { data } = received({
    ...(validApplication() as ApplicationPayload),
    hidden: { ref: 'hotel-alpenhof', partner: 'tirol' },
  });
  expect(data.hidden).toEqual({ ref: 'hotel-alpenhof', partner: 'tirol' });
  expect(Object.keys(data).sort()).toEqual(
    [
      'call',
      'countryCode',
      'duplicateOf',
      'hidden',
      'id',
      'name',
      'pageId',
      'platforms',
      'reach',
      'receivedAt',
      'stage',
      'url',
    ].sort(),
  );
  expect(JSON.stringify(data)).not.toContain('ada@example.com');
});

test('application.received without hidden values says so with an empty object', () => {
  expect(
    received(validApplication() as ApplicationPayload).data.hidden,
  ).toEqual({});
});
