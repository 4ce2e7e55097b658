import { expect, test } from 'vitest';
import {
  checkWizardConfig,
  type Block,
  type WizardConfig,
} from '#engine/config-schema.ts';
import {
  exampleWith,
  withOverrides,
} from '../../../tests/support/wizard-configs.ts';
import { stepIdPattern, withStepIds } from '#engine/step-ids.ts';
import { applyOutlineChange } from './outline-moves.ts';
import {
  addStep,
  answerKeysOf,
  duplicateBlock,
  freshPath,
  keyForLabel,
  keyNameOf,
  newBlock,
  removeBlock,
  setAnswerKey,
  setLabel,
} from './block-factory.ts';

test.each([
  ["What's your favourite season?", 'favouriteSeason'],
  ['How many followers do you have?', 'followers'],
  ['Your Instagram handle', 'instagramHandle'],
  ['Café à la carte', 'cafeLaCarte'],
  ['Who are you?', 'whoAreYou'],
  ['Are you 18 or older?', 'older'],
  ['2025 plans', 'plans'],
  [
    'Tell us about the places you would like to visit this spring',
    'placesLikeVisitSpring',
  ],
])('the label %j makes the key name %s', (label, name) => {
  expect(keyNameOf(label)).toBe(name);
});

test.each(['', '???', '2025', '日本語の質問'])(
  'the label %j, without letters, makes no key name',
  (label) => {
    expect(keyNameOf(label)).toBeNull();
  },
);

test('a new key is made from the label, ASCII camel case, unique in the form', () => {
  const config = exampleWith();
  expect(freshPath(config, "What's your favourite season?")).toBe(
    'fields.single.favouriteSeason',
  );
  // The example asks "fields.single.whatContent" already.
  expect(freshPath(config, 'What content?')).toBe('fields.single.content');
  expect(freshPath(config, 'What content?', [])).not.toBe(
    'fields.single.whatContent',
  );
  const block = newBlock('textInput', config);
  config.steps[2]?.blocks.push({
    ...block,
    data: { ...block.data, path: 'fields.single.content' },
  } as Block);
  expect(freshPath(config, 'Content')).toBe('fields.single.content2');
});

test('a new key never takes a path the form names elsewhere: a rule left over, a published key, a platform', () => {
  const config = exampleWith((form) => ({
    ...form,
    formItems: [
      ...form.formItems,
      { path: 'fields.single.season', validators: ['required'] },
    ],
    platforms: { offered: ['instagram', 'linkedin'], required: [] },
  }));
  expect(freshPath(config, 'Season')).toBe('fields.single.season2');
  expect(freshPath(config, 'Budget', ['fields.single.budget'])).toBe(
    'fields.single.budget2',
  );
  // LinkedIn's answers travel as fields.single.linkedin.*.
  expect(freshPath(config, 'LinkedIn')).toBe('fields.single.linkedin2');
});

test('a label without letters gives the next free question<N>', () => {
  const config = exampleWith();
  expect(freshPath(config, '???')).toBe('fields.single.question1');
  config.steps[2]?.blocks.push(newBlock('yesNo', config));
  const yesNo = config.steps[2]?.blocks.at(-1);
  if (yesNo?.component === 'yesNo') yesNo.data.path = 'fields.single.question1';
  expect(freshPath(config, '')).toBe('fields.single.question2');
});

test('a new block takes its key from its default label', () => {
  const config = exampleWith();
  const block = newBlock('select', config);
  expect(block.component === 'select' && block.data.path).toBe(
    'fields.single.newChoice',
  );
  expect(newBlock('text', config)).toEqual({
    component: 'text',
    data: { text: 'New paragraph' },
  });
});

/** The example with a new text question at the end of More Details, and where it is. */
function withNewQuestion() {
  const config = exampleWith();
  const block = newBlock('textInput', config);
  config.steps[2]?.blocks.push(block);
  return { config, block };
}

test('the key of a new, unpublished question follows its label as it is typed', () => {
  const { config, block } = withNewQuestion();
  const published = answerKeysOf(exampleWith());
  expect(
    keyForLabel(config, block, "What's your favourite season?", published),
  ).toBe('fields.single.favouriteSeason');
  // Its own required rule does not push it to favouriteSeason2.
  config.formItems.push({
    path: 'fields.single.newQuestion',
    validators: ['required'],
  });
  expect(keyForLabel(config, block, 'New question!', published)).toBeNull();
  expect(keyForLabel(config, block, 'Season', published)).toBe(
    'fields.single.season',
  );
});

test('a published key, a key typed under Advanced, or unknown published keys never follow the label', () => {
  const { config, block } = withNewQuestion();
  expect(
    keyForLabel(
      config,
      block,
      'Season',
      new Set(['fields.single.newQuestion']),
    ),
  ).toBeNull();
  expect(keyForLabel(config, block, 'Season', null)).toBeNull();
  const typed = structuredClone(block);
  if ('path' in typed.data) typed.data.path = 'fields.single.myOwnKey';
  expect(keyForLabel(config, typed, 'Season', new Set())).toBeNull();
});

/** The block storing its answer at `path`. */
function blockAt(config: WizardConfig, path: string): Block {
  const block = config.steps
    .flatMap((step) => step.blocks)
    .find(
      (candidate) => 'path' in candidate.data && candidate.data.path === path,
    );
  if (!block) throw new Error(`no block stores ${path}`);
  return block;
}

/** The example with the answer key `from` changed to `to`, which carried its rules along. */
function withKeyChanged(from: string, to: string): WizardConfig {
  const config = exampleWith();
  expect(setAnswerKey(config, blockAt(config, from), to)).toBe(true);
  return config;
}

test('a changed key takes its rules, the conditions on it and the choices that follow it along', () => {
  const config = withKeyChanged(
    'personalInfo.countryCode',
    'fields.single.land',
  );
  const province = config.formItems.find(
    (item) => item.path === 'personalInfo.provinceCode',
  );
  expect(province?.showOnCondition?.path).toBe('fields.single.land');
  expect(config.formItems.map((item) => item.path)).toContain(
    'fields.single.land',
  );
  const state = blockAt(config, 'personalInfo.provinceCode');
  expect(
    state.component === 'select' &&
      !Array.isArray(state.data.options) &&
      typeof state.data.options === 'object' &&
      state.data.options.from,
  ).toBe('fields.single.land');
  expect(checkWizardConfig(config).ok).toBe(true);
});

test('a yes/no key moves with its .value rules', () => {
  const config = withKeyChanged('fields.single.animal', 'fields.single.pet');
  expect(config.formItems.map((item) => item.path)).toContain(
    'fields.single.pet.value',
  );
  expect(checkWizardConfig(config).ok).toBe(true);
});

test('a key typed where another block stores its answer, or emptied, changes that block alone and leaves the rules', () => {
  const config = exampleWith();
  const rules = structuredClone(config.formItems);
  const animal = blockAt(config, 'fields.single.animal');
  expect(setAnswerKey(config, animal, 'fields.single.whatContent')).toBe(false);
  expect(animal.data).toMatchObject({ path: 'fields.single.whatContent' });
  expect(blockAt(config, 'fields.single.whatContent').data).toMatchObject({
    label: 'What content angle or interest would you bring?',
  });
  expect(setAnswerKey(config, animal, '')).toBe(false);
  expect(config.formItems).toEqual(rules);
  // Two blocks on one key: moving one away leaves the rules with the other.
  expect(setAnswerKey(config, animal, 'fields.single.whatContent')).toBe(false);
  expect(setAnswerKey(config, animal, 'fields.single.pet')).toBe(false);
  expect(config.formItems).toEqual(rules);
});

test('a new question’s wording moves its key and its rules; a published one keeps its key', () => {
  const { config, block } = withNewQuestion();
  config.formItems.push({
    path: 'fields.single.newQuestion',
    validators: ['required'],
  });
  setLabel(config, block, 'Favourite season', new Set());
  expect(block.data).toMatchObject({
    label: 'Favourite season',
    path: 'fields.single.favouriteSeason',
  });
  expect(config.formItems.at(-1)?.path).toBe('fields.single.favouriteSeason');
  setLabel(
    config,
    block,
    'Best season',
    new Set(['fields.single.favouriteSeason']),
  );
  expect(block.data).toMatchObject({
    label: 'Best season',
    path: 'fields.single.favouriteSeason',
  });
});

test('a removed block takes its own rules along; a condition on it stays, for the problem list', () => {
  const config = exampleWith();
  const country = config.steps[1]?.blocks.findIndex(
    (block) =>
      'path' in block.data && block.data.path === 'personalInfo.countryCode',
  );
  removeBlock(config, 1, country ?? -1);
  expect(config.formItems.map((item) => item.path)).not.toContain(
    'personalInfo.countryCode',
  );
  const checked = checkWizardConfig(config);
  expect(checked.ok ? [] : checked.issues).toEqual([
    {
      path: 'formItems[4].showOnCondition.path',
      message: 'no block shows "personalInfo.countryCode"',
    },
  ]);
});

test('a duplicate sits right after its block, under a key of its own', () => {
  const config = exampleWith();
  duplicateBlock(config, 2, 0);
  const [first, copy] = config.steps[2]?.blocks ?? [];
  expect(copy && 'label' in copy.data && copy.data.label).toBe(
    first && 'label' in first.data && first.data.label,
  );
  expect(copy && 'path' in copy.data && copy.data.path).toBe(
    'fields.single.contentAngleInterestBring',
  );
  expect(checkWizardConfig(config).ok).toBe(true);
});

test('a new step goes before the last one with an id no other step has', () => {
  const draft = withStepIds(exampleWith());
  const before = draft.steps.map((step) => step.id);
  const first = addStep(draft);
  const second = addStep(draft);
  expect(draft.steps.map((step) => step.id)).toEqual([
    ...before.slice(0, -1),
    first.id,
    second.id,
    before.at(-1),
  ]);
  expect(first.id).toMatch(stepIdPattern);
  expect(second.id).not.toBe(first.id);
  expect(before).not.toContain(first.id);
  expect(checkWizardConfig(draft).ok).toBe(true);
});

test('a step renamed and moved keeps its id', () => {
  const draft = withStepIds(exampleWith());
  const id = draft.steps[1]?.id;
  draft.steps[1]!.name = 'About you';
  applyOutlineChange(draft, { kind: 'step', from: 1, to: 2 });
  expect(draft.steps[2]).toMatchObject({ id, name: 'About you' });
});

test('a duplicate and a new step leave every translation on the text it translates', () => {
  const draft = exampleWith(
    withOverrides({
      languages: ['en', 'de'],
      translations: {
        de: {
          'steps.2.blocks.1.data.label': 'Zweite Frage',
          'steps.3.name': 'Danke',
          title: 'Titel',
        },
      },
    }),
  );
  const label = (draft.steps[2]?.blocks[1]?.data as { label: string }).label;
  const lastName = draft.steps[3]?.name;
  duplicateBlock(draft, 2, 0);
  addStep(draft);
  expect(draft.translations.de).toEqual({
    'steps.2.blocks.2.data.label': 'Zweite Frage',
    'steps.4.name': 'Danke',
    title: 'Titel',
  });
  expect((draft.steps[2]?.blocks[2]?.data as { label: string }).label).toBe(
    label,
  );
  expect(draft.steps[4]?.name).toBe(lastName);
  expect(checkWizardConfig(draft).ok).toBe(true);
});
