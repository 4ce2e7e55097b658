import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { parseWizardConfig, type WizardConfig } from './config-schema.ts';
import {
  describeFormChanges,
  droppedQuestions,
  summarizeFormChanges,
} from './form-changes.ts';

function example(): WizardConfig {
  const parsed = parseWizardConfig(
    JSON.parse(readFileSync('config/example.wizard.json', 'utf8')),
  );
  if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
  return parsed.config;
}

test('says nothing changed for the same form', () => {
  expect(describeFormChanges(example(), example())).toEqual([]);
  expect(summarizeFormChanges(example(), example())).toBe('No changes');
});

test('names steps renamed, questions added, reworded and removed, and parts changed, in words', () => {
  const before = example();
  const after = structuredClone(before);
  const moreDetails = after.steps[2];
  if (!moreDetails) throw new Error('the example has no third step');
  moreDetails.name = 'Your trip';
  const [first, second] = moreDetails.blocks;
  if (first?.component !== 'textInput' || !second)
    throw new Error('unexpected example');
  first.data.label = 'What story would you tell?';
  moreDetails.blocks.splice(1, 1);
  moreDetails.blocks.push({
    component: 'yesNo',
    data: { path: 'fields.single.april', label: 'Can you travel in April?' },
  });
  after.theme = { brand: '#0a4f57' };
  after.texts = { ...after.texts, continue: 'Next' };
  expect(describeFormChanges(before, after)).toEqual([
    'Renamed the step “More Details” to “Your trip”',
    'Reworded the question “What content angle or interest would you bring?” to “What story would you tell?”',
    'Added the question “Can you travel in April?” to Your trip',
    'Removed the question “What deliverables do you intend to create?” from More Details',
    'Reworded 1 message',
    'Changed the theme colours',
  ]);
  expect(droppedQuestions(before, after)).toEqual([
    {
      path: 'fields.single.intendedDeliverables',
      label: 'What deliverables do you intend to create?',
      step: 'More Details',
      answers: ['fields.single.intendedDeliverables'],
    },
  ]);
});

test('keeps the summary to one line of at most 400 characters', () => {
  const before = example();
  const after = structuredClone(before);
  after.steps.forEach((step, index) => {
    step.name = `A much longer name for step number ${index} of this form`;
  });
  after.title = 'Another title';
  const summary = summarizeFormChanges(before, after);
  expect(summary.length).toBeLessThanOrEqual(400);
  expect(summary).not.toContain('\n');
});
