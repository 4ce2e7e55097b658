import { expect, test } from 'vitest';
import type { ApplicationPayload } from '#engine/payload.ts';
import { validApplication } from '../../../tests/support/fixtures.ts';
import { storedPayloadOf } from './application-rows.ts';

test('hashes equal applications equally whatever the key order', () => {
  const payload = validApplication() as ApplicationPayload;
  const reordered = {
    fields: payload.fields,
    platforms: payload.platforms,
    personalInfo: { ...payload.personalInfo },
  };
  expect(storedPayloadOf(reordered)).toEqual(storedPayloadOf(payload));
});
