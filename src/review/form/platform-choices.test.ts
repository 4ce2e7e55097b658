import { expect, test } from 'vitest';
import { withOffered, withRequired } from './platform-choices.ts';

test('a platform no longer offered is no longer required', () => {
  expect(
    withOffered(
      { offered: ['instagram', 'youtube'], required: ['instagram'] },
      'instagram',
      false,
    ),
  ).toEqual({ offered: ['youtube'], required: [] });
});

test('a platform required is offered too, and offering one twice lists it once', () => {
  const required = withRequired(
    { offered: ['youtube'], required: [] },
    'tiktok',
    true,
  );
  expect(required).toEqual({
    offered: ['youtube', 'tiktok'],
    required: ['tiktok'],
  });
  expect(withOffered(required, 'tiktok', true)).toEqual(required);
  expect(withRequired(required, 'tiktok', false)).toEqual({
    offered: ['youtube', 'tiktok'],
    required: [],
  });
});
