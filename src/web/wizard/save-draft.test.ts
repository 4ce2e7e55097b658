import { expect, test } from 'vitest';
import { resolveTexts } from '#engine/texts.ts';
import { givenEmailOf, saveForLater } from './save-draft.ts';

const texts = resolveTexts({ email: 'Saisissez une adresse valide' });

test('the address offered first is the one the form was given, if any', () => {
  expect(
    givenEmailOf({ personalInfo: { emailAddress: ' ada@example.com ' } }),
  ).toBe('ada@example.com');
  expect(givenEmailOf({ personalInfo: {} })).toBe('');
  expect(givenEmailOf({})).toBe('');
});

test('an address that is not one is refused in the form’s own words, before anything is sent', async () => {
  for (const typed of ['', 'ada', 'ada@localhost'])
    expect(
      await saveForLater(
        { pageId: 'aldmere-creators', stepIndex: 1, values: {} },
        typed,
        texts,
      ),
    ).toEqual({ kind: 'invalid', message: 'Saisissez une adresse valide' });
});
