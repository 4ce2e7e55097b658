import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import type { WizardConfig } from '#engine/config-schema.ts';
import { planRestore } from './restore-plan.ts';

const example = () =>
  JSON.parse(
    readFileSync('config/example.wizard.json', 'utf8'),
  ) as WizardConfig;

test('says what a restore brings back, as which version', () => {
  const published = { ...example(), title: 'Summer trip' };
  expect(
    planRestore({
      published: { version: 3, config: published, draft: null },
      restoring: example(),
      hasUnpublishedEdits: false,
    }),
  ).toEqual({
    kind: 'restore',
    nextVersion: 4,
    changes: ['Changed the title'],
    discardsDraft: false,
  });
});

test('warns of a draft with changes nobody published, in this editor or saved by another', () => {
  const published = { ...example(), title: 'Summer trip' };
  const plan = (draft: unknown, hasUnpublishedEdits: boolean) =>
    planRestore({
      published: { version: 3, config: published, draft },
      restoring: example(),
      hasUnpublishedEdits,
    });
  expect(plan(null, true)).toMatchObject({ discardsDraft: true });
  expect(plan({ ...published, lang: 'de' }, false)).toMatchObject({
    discardsDraft: true,
  });
  // A draft the same as the published version loses nothing.
  expect(plan(structuredClone(published), false)).toMatchObject({
    discardsDraft: false,
  });
});

test('the published version itself is nothing to restore; one that no longer passes the check cannot be', () => {
  expect(
    planRestore({
      published: { version: 3, config: example(), draft: null },
      restoring: example(),
      hasUnpublishedEdits: true,
    }),
  ).toEqual({ kind: 'same' });
  expect(
    planRestore({
      published: { version: 3, config: example(), draft: null },
      restoring: { ...example(), title: '' },
      hasUnpublishedEdits: false,
    }),
  ).toMatchObject({ kind: 'failing', issues: [{ path: 'title' }] });
});
