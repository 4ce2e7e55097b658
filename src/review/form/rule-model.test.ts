import { expect, test } from 'vitest';
import { exampleWith } from '../../../tests/support/wizard-configs.ts';
import { newBlock } from './block-factory.ts';
import { editRules, ruleAnswers, startingCondition } from './rule-model.ts';

test('the answers a rule may depend on read as their questions, the block’s own and the platforms left out', () => {
  const config = exampleWith();
  // A second "Phone", on General Information; the example asks one on More Details.
  config.steps[1]?.blocks.push({
    component: 'phone',
    data: { path: 'fields.single.otherPhone', label: 'Phone' },
  });
  const country = config.steps[1]?.blocks[4];
  if (!country) throw new Error('the example has no Country block');
  const answers = ruleAnswers(config, country);
  const labels = answers.map((answer) => answer.label);
  expect(labels).not.toContain('Country');
  expect(labels).not.toContain('Platforms you share content on');
  expect(labels).toContain('State or province');
  expect(labels).toContain(
    'Follow-up of “Have you contributed to media outlets?”',
  );
  expect(labels).toContain('Phone (step 2)');
  expect(labels).toContain('Phone (step 3)');
  expect(labels).not.toContain('Phone');
  expect(
    answers.find((answer) => answer.label === 'Are your dates flexible?'),
  ).toMatchObject({
    path: 'fields.single.flexibleDates.value',
    kind: 'yesNo',
  });
});

test('a condition starts where it means something: Yes, the first option, or answered at all', () => {
  expect(
    startingCondition({ path: 'a.value', label: 'A', kind: 'yesNo' }),
  ).toEqual({
    path: 'a.value',
    equals: true,
  });
  expect(
    startingCondition({
      path: 'b',
      label: 'B',
      kind: 'choice',
      options: [{ name: 'Spring', value: 'spring' }],
    }),
  ).toEqual({ path: 'b', equals: 'spring' });
  expect(startingCondition({ path: 'c', label: 'C', kind: 'text' })).toEqual({
    path: 'c',
    filled: true,
  });
});

test('a question’s rules are kept only while one is set', () => {
  const config = exampleWith();
  const block = newBlock('textInput', config);
  config.steps[2]?.blocks.push(block);
  const path = 'path' in block.data ? block.data.path : '';
  const count = config.formItems.length;
  editRules(config, path, (item) => item.validators.push('required'));
  expect(config.formItems.at(-1)).toEqual({ path, validators: ['required'] });
  editRules(config, path, (item) => {
    item.showOnCondition = { path: 'personalInfo.city', filled: true };
    item.validators = [];
  });
  expect(config.formItems).toHaveLength(count + 1);
  editRules(config, path, (item) => delete item.showOnCondition);
  expect(config.formItems).toHaveLength(count);
});
