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

/** The example's steps by name, to move and rename them in a test. */
function stepNamed(config: WizardConfig, name: string) {
  const step = config.steps.find((candidate) => candidate.name === name);
  if (!step) throw new Error(`the example has no step ${name}`);
  return step;
}

test('a step moved reads as moved, not as renamed', () => {
  const before = example();
  const after = structuredClone(before);
  const [moreDetails] = after.steps.splice(2, 1);
  if (!moreDetails) throw new Error('unexpected example');
  after.steps.splice(1, 0, moreDetails);
  expect(describeFormChanges(before, after)).toEqual([
    'Moved the step “More Details” before “General Information”',
  ]);
  const toEnd = structuredClone(before);
  const [welcome] = toEnd.steps.splice(0, 1);
  if (!welcome) throw new Error('unexpected example');
  toEnd.steps.push(welcome);
  expect(describeFormChanges(before, toEnd)).toEqual([
    'Moved the step “Welcome” to the end',
  ]);
});

test('a step renamed where it stands reads as renamed, and moved too when it also moved', () => {
  const before = example();
  const renamed = structuredClone(before);
  stepNamed(renamed, 'General Information').name = 'About you';
  expect(describeFormChanges(before, renamed)).toEqual([
    'Renamed the step “General Information” to “About you”',
  ]);

  // Renamed and its text edited: nothing of it is the same, so it is found by its place.
  const welcome = structuredClone(before);
  const [first] = welcome.steps;
  if (first?.blocks[0]?.component !== 'text')
    throw new Error('unexpected example');
  first.name = 'Hello';
  first.blocks[0].data.text = 'Apply in two steps.';
  expect(describeFormChanges(before, welcome)).toEqual([
    'Renamed the step “Welcome” to “Hello”',
    'Edited the texts of 1 step',
  ]);

  const both = structuredClone(renamed);
  const [aboutYou] = both.steps.splice(1, 1);
  if (!aboutYou) throw new Error('unexpected example');
  both.steps.splice(2, 0, aboutYou);
  expect(describeFormChanges(before, both)).toEqual([
    'Renamed the step “General Information” to “About you”',
    'Moved the step “More Details” before “About you”',
  ]);
});

test('a step added or removed reads as such, and the others keep their places', () => {
  const before = example();
  const added = structuredClone(before);
  added.steps.splice(2, 0, {
    name: 'Your trip',
    blocks: [{ component: 'sectionHeading', data: { text: 'Dates' } }],
    styles: { grayBg: false },
    hideConfirmButton: false,
  });
  expect(describeFormChanges(before, added)).toEqual([
    'Added the step “Your trip”',
    'Added the heading “Dates” to Your trip',
  ]);
  const removed = structuredClone(before);
  removed.steps.splice(0, 1);
  expect(describeFormChanges(before, removed)).toEqual([
    'Removed the step “Welcome”',
    'Removed the text “Complete this simple two-step applicati…” from Welcome',
  ]);
});

test('a question moved within its step or to another reads as moved; reworded in place, as reworded', () => {
  const before = example();
  const after = structuredClone(before);
  const general = stepNamed(after, 'General Information');
  const moreDetails = stepNamed(after, 'More Details');
  // Last Name before First Name.
  const [lastName] = general.blocks.splice(1, 1);
  if (!lastName) throw new Error('unexpected example');
  general.blocks.unshift(lastName);
  // Anything else, from More Details to the end of General Information.
  const anythingElse = moreDetails.blocks.pop();
  if (!anythingElse) throw new Error('unexpected example');
  general.blocks.push(anythingElse);
  const [phone] = general.blocks.filter((block) => block.component === 'phone');
  if (phone?.component !== 'phone') throw new Error('unexpected example');
  phone.data.label = 'Mobile number';
  expect(describeFormChanges(before, after)).toEqual([
    'Moved the question “Last Name” before the question “First Name”',
    'Reworded the question “Phone Number” to “Mobile number”',
    'Moved the question “Anything else we should know?” to General Information',
  ]);
});

test('a question whose answer key changed is the same question, with a new key', () => {
  const before = example();
  const after = structuredClone(before);
  const [firstName] = stepNamed(after, 'General Information').blocks;
  if (firstName?.component !== 'textInput')
    throw new Error('unexpected example');
  firstName.data.path = 'personalInfo.givenName';
  expect(describeFormChanges(before, after)).toEqual([
    'Changed the answer key of the question “First Name”',
  ]);
  expect(droppedQuestions(before, after)).toMatchObject([
    { path: 'personalInfo.firstName', label: 'First Name' },
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
