import { expect, test } from 'vitest';
import { defaultTexts } from '#engine/texts.ts';
import {
  exampleWith,
  withOverrides,
} from '../../../tests/support/wizard-configs.ts';
import {
  dropStranded,
  progressWords,
  strandedPaths,
  translationGroups,
  translationRows,
  writeTranslation,
} from './translation-rows.ts';

// Dutch, which the product's own messages do not ship: every text the form has is the form's to translate.
const dutch = exampleWith(
  withOverrides({
    languages: ['en', 'nl'],
    translations: {
      nl: {
        'steps.1.name': 'Algemene gegevens',
        'steps.1.blocks.0.data.label': 'Voornaam',
      },
    },
  }),
);

test('each text stands beside its translation, named in words, missing ones marked', () => {
  const rows = translationRows(dutch, 'nl');
  const byPath = new Map(rows.map((row) => [row.path, row]));
  expect(byPath.get('steps.1.name')).toMatchObject({
    label: 'Step name',
    source: 'General Information',
    translation: 'Algemene gegevens',
    isMissing: false,
  });
  expect(byPath.get('steps.1.blocks.0.data.label')).toMatchObject({
    label: 'Text question “First Name”: question',
    translation: 'Voornaam',
    isMissing: false,
  });
  expect(byPath.get('steps.1.blocks.1.data.label')).toMatchObject({
    translation: '',
    isMissing: true,
  });
  // A message the form keeps as the product's shows the product's own words as its source.
  expect(byPath.get('texts.required')).toMatchObject({
    label: 'Required answer missing',
    source: defaultTexts.required,
  });
  expect(rows.every((row) => !row.label.includes(row.path))).toBe(true);
});

test('the rows group by the form’s parts; only the missing ones on request', () => {
  const rows = translationRows(dutch, 'nl');
  const headings = translationGroups(dutch, rows, false).map(
    (group) => group.heading,
  );
  expect(headings).toEqual([
    'General',
    'Step 1, Welcome',
    'Step 2, General Information',
    'Step 3, More Details',
    `Step 4, ${dutch.steps[3]?.name}`,
    'Messages',
    'E-mails',
  ]);
  const missing = translationGroups(dutch, rows, true).flatMap(
    (group) => group.rows,
  );
  expect(missing.map((row) => row.path)).not.toContain('steps.1.name');
  expect(missing).toHaveLength(rows.length - 2);
  expect(progressWords(rows)).toBe(`2 of ${rows.length} translated`);
});

test('a language the product speaks fills its messages: shown as the placeholder, counted as translated', () => {
  const french = exampleWith(
    withOverrides({ lang: 'fr', languages: ['fr', 'en'], translations: {} }),
  );
  const required = translationRows(french, 'en').find(
    (row) => row.path === 'texts.required',
  );
  expect(required).toMatchObject({
    builtIn: defaultTexts.required,
    translation: '',
    isMissing: false,
  });
  const title = translationRows(french, 'en').find(
    (row) => row.path === 'title',
  );
  expect(title).toMatchObject({ builtIn: undefined, isMissing: true });
});

test('an emptied translation is removed, so the text shows untranslated', () => {
  const draft = structuredClone(dutch);
  writeTranslation(draft, 'nl', 'title', 'Aanmelden');
  writeTranslation(draft, 'nl', 'steps.1.name', '  ');
  expect(draft.translations.nl).toEqual({
    title: 'Aanmelden',
    'steps.1.blocks.0.data.label': 'Voornaam',
  });
});

test('translations of texts the form no longer has are found and dropped, the others kept', () => {
  const draft = structuredClone(dutch);
  draft.footerLinks = [];
  draft.translations = {
    nl: { ...draft.translations.nl, 'footerLinks.0.title': 'Privacy' },
  };
  expect(strandedPaths(draft, 'nl')).toEqual(['footerLinks.0.title']);
  dropStranded(draft, 'nl');
  expect(draft.translations.nl).toEqual(dutch.translations.nl);
  expect(strandedPaths(draft, 'nl')).toEqual([]);
});
