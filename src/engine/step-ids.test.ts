import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { checkWizardConfig } from './config-schema.ts';
import { stepIdPattern, stepIdsOf, withStepIds } from './step-ids.ts';

const example = JSON.parse(
  readFileSync(
    new URL('../../config/example.wizard.json', import.meta.url),
    'utf8',
  ),
) as { steps: Array<{ name: string; id?: string }> };

const named = (...steps: Array<string | { name: string; id: string }>) => ({
  steps: steps.map((step) =>
    typeof step === 'string' ? { name: step } : step,
  ),
});

test('makes each step an id from its name, the same every time', () => {
  expect(stepIdsOf(example)).toEqual([
    'welcome',
    'general-information',
    'more-details',
    'creator-hub',
  ]);
  expect(stepIdsOf(structuredClone(example))).toEqual(stepIdsOf(example));
});

test('keeps the ids steps have and never makes one another step uses', () => {
  expect(
    stepIdsOf(
      named(
        'Welcome',
        { name: 'About you', id: 'general-information' },
        'General Information',
        { name: 'Done', id: 'welcome' },
      ),
    ),
  ).toEqual([
    'welcome-2',
    'general-information',
    'general-information-2',
    'welcome',
  ]);
});

test('gives steps of the same name ids of their own', () => {
  expect(stepIdsOf(named('Details', 'Details', 'Details'))).toEqual([
    'details',
    'details-2',
    'details-3',
  ]);
});

test('makes a short lower-case token of any name', () => {
  const ids = stepIdsOf(
    named(
      'Über die Reise – Teil 2!',
      'Votre séjour',
      '日本語のステップ',
      'Tell us everything about the places you would like to visit next summer',
      'Supercalifragilisticexpialidociousandmoreandmorestill',
    ),
  );
  expect(ids).toEqual([
    'uber-die-reise-teil-2',
    'votre-sejour',
    'step',
    'tell-us-everything-about-the',
    'supercalifragilisticexpialidocio',
  ]);
  for (const id of ids) expect(id).toMatch(stepIdPattern);
});

test('withStepIds fills in only the missing ids and leaves a form that has them as it is', () => {
  const form = named({ name: 'Welcome', id: 'start' }, 'Form', 'Done');
  expect(withStepIds(form).steps).toEqual([
    { name: 'Welcome', id: 'start' },
    { name: 'Form', id: 'form' },
    { name: 'Done', id: 'done' },
  ]);
  expect(form.steps[1]).toEqual({ name: 'Form' });
  const complete = withStepIds(form);
  expect(withStepIds(complete)).toBe(complete);
});

test('the configuration refuses an id used twice and one that is no token', () => {
  const config = withStepIds(example);
  const issuesOf = (steps: unknown[]) => {
    const checked = checkWizardConfig({ ...config, steps });
    return checked.ok ? [] : checked.issues;
  };
  expect(issuesOf(config.steps)).toEqual([]);
  expect(
    issuesOf(
      config.steps.map((step, index) =>
        index === 2 ? { ...step, id: 'welcome' } : step,
      ),
    ),
  ).toEqual([
    { path: 'steps[2].id', message: 'another step has the id "welcome"' },
  ]);
  expect(
    issuesOf(
      config.steps.map((step, index) =>
        index === 1 ? { ...step, id: 'General Info' } : step,
      ),
    ),
  ).toEqual([
    {
      path: 'steps[1].id',
      message: 'must be 1-40 lower-case letters, digits or -',
    },
  ]);
});
