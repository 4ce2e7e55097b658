import { expect, test } from 'vitest';
import {
  canGoBack,
  continueActionFor,
  coverIndexFor,
  stepFromSearch,
  stepSearchOf,
  stepStatus,
} from './navigation.ts';

test.each([
  { step: 0, skipFinalStep: false, action: 'advance' },
  { step: 1, skipFinalStep: false, action: 'validateAndAdvance' },
  { step: 2, skipFinalStep: false, action: 'submitAndAdvance' },
  { step: 3, skipFinalStep: false, action: 'redirect' },
  { step: 0, skipFinalStep: true, action: 'advance' },
  { step: 1, skipFinalStep: true, action: 'validateAndAdvance' },
  { step: 2, skipFinalStep: true, action: 'validateAndAdvance' },
  { step: 3, skipFinalStep: true, action: 'submitAndRedirect' },
])(
  'continues from step $step of 4 with skipFinalStep $skipFinalStep by $action',
  ({ step, skipFinalStep, action }) => {
    expect(continueActionFor(step, 4, skipFinalStep)).toBe(action);
  },
);

test('validates every middle step of a longer wizard and submits from the second-to-last', () => {
  expect(
    [0, 1, 2, 3, 4].map((step) => continueActionFor(step, 5, false)),
  ).toEqual([
    'advance',
    'validateAndAdvance',
    'validateAndAdvance',
    'submitAndAdvance',
    'redirect',
  ]);
  expect(
    [0, 1, 2, 3, 4].map((step) => continueActionFor(step, 5, true)),
  ).toEqual([
    'advance',
    'validateAndAdvance',
    'validateAndAdvance',
    'validateAndAdvance',
    'submitAndRedirect',
  ]);
});

test('submits from the only middle step of a three-step wizard', () => {
  expect([0, 1, 2].map((step) => continueActionFor(step, 3, false))).toEqual([
    'advance',
    'submitAndAdvance',
    'redirect',
  ]);
  expect([0, 1, 2].map((step) => continueActionFor(step, 3, true))).toEqual([
    'advance',
    'validateAndAdvance',
    'submitAndRedirect',
  ]);
});

test('treats an index past the end as the last step', () => {
  expect(continueActionFor(7, 4, false)).toBe('redirect');
  expect(continueActionFor(7, 4, true)).toBe('submitAndRedirect');
});

test('offers Back only above step 0 and not on the last step', () => {
  expect([0, 1, 2, 3].map((step) => canGoBack(step, 4))).toEqual([
    false,
    true,
    true,
    false,
  ]);
  expect([0, 1, 2].map((step) => canGoBack(step, 3))).toEqual([
    false,
    true,
    false,
  ]);
});

test('marks earlier steps completed, the current one active and later ones pending', () => {
  expect([0, 1, 2, 3].map((index) => stepStatus(index, 2))).toEqual([
    'completed',
    'completed',
    'active',
    'pending',
  ]);
  expect([0, 1, 2, 3].map((index) => stepStatus(index, 0))).toEqual([
    'active',
    'pending',
    'pending',
    'pending',
  ]);
  expect([0, 1, 2, 3].map((index) => stepStatus(index, 3))).toEqual([
    'completed',
    'completed',
    'completed',
    'active',
  ]);
});

test('shows one cover per step in four-image mode', () => {
  expect([0, 1, 2, 3].map((step) => coverIndexFor(step, 4))).toEqual([
    0, 1, 2, 3,
  ]);
});

test('keeps the last cover for steps past the fourth', () => {
  expect(coverIndexFor(4, 4)).toBe(3);
  expect(coverIndexFor(9, 4)).toBe(3);
});

test('shows the only cover on every step in single-image mode', () => {
  expect([0, 1, 2, 3].map((step) => coverIndexFor(step, 1))).toEqual([
    0, 0, 0, 0,
  ]);
});

test('names each step but the first in the address, and reads the name back', () => {
  const steps = [
    { name: 'Welcome' },
    { name: 'General Information' },
    { name: 'Más detalles' },
    { name: 'Creator Hub' },
  ];
  expect(steps.map((_, index) => stepSearchOf(steps, index))).toEqual([
    '',
    '?step=general-information',
    '?step=m%C3%A1s-detalles',
    '?step=creator-hub',
  ]);
  for (const [index] of steps.entries())
    if (index > 0)
      expect(stepFromSearch(steps, stepSearchOf(steps, index))).toBe(index);
  expect(stepFromSearch(steps, '?utm=x&step=creator-hub')).toBe(3);
  for (const search of ['', '?step=welcome', '?step=nowhere', '?step=%E0%A4'])
    expect(stepFromSearch(steps, search)).toBeNull();
});
