import fc from 'fast-check';
import { expect, test } from 'vitest';
import { buildApplicationModel } from './application-schema.ts';
import { personalTextKeys } from './block-kinds/placements.ts';
import { blockKinds } from './block-kinds/block-kinds.ts';
import { platformKeys } from './platforms.ts';
import {
  buildPayload,
  decodePayload,
  type ApplicationPayload,
} from './payload.ts';
import { answersArbitrary } from '../../tests/support/answer-arbitraries.ts';
import { parseConfigOrThrow } from '../../tests/support/engine-models.ts';

const options = [
  { name: 'Alpha', value: 'a' },
  { name: 'Comma', value: 'b,c' },
  { name: 'Spaced', value: 'd e' },
  { name: 'Ünïcode', value: 'ü' },
];

/** Every block kind at every place it may bind: each personal detail, both `fields` groups, the agreement. */
function everyPlacement(): unknown[] {
  const blocks: unknown[] = [...personalTextKeys, 'phone'].map((key) =>
    key === 'phone'
      ? {
          component: 'phone',
          data: { path: 'personalInfo.phone', label: 'Phone' },
        }
      : key === 'countryCode'
        ? {
            component: 'select',
            data: {
              path: 'personalInfo.countryCode',
              label: 'Country',
              options: 'countries',
            },
          }
        : {
            component: 'textInput',
            data: { path: `personalInfo.${key}`, label: key },
          },
  );
  blocks.push({
    component: 'checkbox',
    data: { path: 'agreement', label: 'I agree' },
  });
  for (const group of ['single', 'multi'])
    blocks.push(
      {
        component: 'textInput',
        data: { path: `fields.${group}.line`, label: 'Line' },
      },
      {
        component: 'textInput',
        data: {
          path: `fields.${group}.story`,
          label: 'Story',
          multiline: true,
        },
      },
      {
        component: 'select',
        data: { path: `fields.${group}.one`, label: 'One', options },
      },
      {
        component: 'select',
        data: {
          path: `fields.${group}.many`,
          label: 'Many',
          options,
          multiple: true,
        },
      },
      {
        component: 'phone',
        data: { path: `fields.${group}.altPhone`, label: 'Second phone' },
      },
      {
        component: 'yesNo',
        data: { path: `fields.${group}.plain`, label: 'Plain yes/no' },
      },
      {
        component: 'yesNo',
        data: {
          path: `fields.${group}.onYes`,
          label: 'On yes',
          followUp: { label: 'Why?' },
        },
      },
      {
        component: 'yesNo',
        data: {
          path: `fields.${group}.onNo`,
          label: 'On no',
          followUp: { label: 'Why not?', trigger: false, multiline: false },
        },
      },
      {
        component: 'checkbox',
        data: { path: `fields.${group}.tick`, label: 'Tick' },
      },
    );
  blocks.push({ component: 'platforms', data: { label: 'Platforms' } });
  return blocks;
}

const model = buildApplicationModel(
  parseConfigOrThrow({
    pageId: 'round-trip',
    title: 'Round trip',
    signInUrl: 'https://creators.example.com/sign-up',
    singleCoverImg: true,
    coverImages: [{ src: '/cover.webp', alt: '', width: 1, height: 1 }],
    steps: [
      { name: 'Welcome' },
      { name: 'Form', blocks: everyPlacement() },
      { name: 'Done' },
    ],
    formItems: [{ path: 'agreement', validators: ['required'] }],
    platforms: { offered: [...platformKeys], required: [] },
  }),
);

test('places every block kind of the engine at least once', () => {
  const placed = new Set(
    model.config.steps.flatMap((step) =>
      step.blocks.map((block) => block.component),
    ),
  );
  expect([...placed].sort()).toEqual(
    Object.keys(blockKinds)
      .filter((kind) => kind !== 'text' && kind !== 'sectionHeading')
      .sort(),
  );
});

test('reads back from the payload exactly the answers the form held, for every block kind and place', () => {
  fc.assert(
    fc.property(answersArbitrary(model, 'normal'), (values) => {
      expect(decodePayload(buildPayload(values, model), model)).toEqual(values);
    }),
    { numRuns: 1000 },
  );
});

/** Every text of a payload, wherever it sits. */
function payloadTexts(payload: ApplicationPayload): string[] {
  const texts: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') texts.push(value);
    else if (value !== null && typeof value === 'object')
      Object.values(value).forEach(walk);
  };
  walk(payload.personalInfo);
  walk(payload.platforms);
  payload.fields.forEach((field) => walk(field.value));
  return texts;
}

test('sends trimmed answers only, and the same payload again from what it read back, whatever spacing or half-filled platform the form held', () => {
  fc.assert(
    fc.property(answersArbitrary(model, 'any'), (values) => {
      const payload = buildPayload(values, model);
      for (const text of payloadTexts(payload)) {
        expect(text).toBe(text.trim());
        expect(text).not.toBe('');
      }
      expect(buildPayload(decodePayload(payload, model), model)).toEqual(
        payload,
      );
    }),
    { numRuns: 1000 },
  );
});
