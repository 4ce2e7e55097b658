import { expect, test } from 'vitest';
import { stepsOfPeriod, stepsOfVersion } from './insight-steps.ts';

const version = (...names: string[]) =>
  names.map((name) => {
    const [id = name, shown = name] = name.split('=');
    return { id, name: shown };
  });

test('lists the newest version’s steps in order, by their newest names', () => {
  expect(
    stepsOfPeriod(
      [
        version(
          'welcome=Welcome',
          'trip=Your trip',
          'about=About you',
          'done=Done',
        ),
        version('welcome=Hello', 'about=General Information', 'done=Done'),
      ],
      new Set(['welcome', 'about']),
    ),
  ).toEqual([
    { id: 'welcome', name: 'Welcome', removed: false },
    { id: 'trip', name: 'Your trip', removed: false },
    { id: 'about', name: 'About you', removed: false },
    { id: 'done', name: 'Done', removed: false },
  ]);
});

test('shows a removed step the period counted where it was, by the last name it had', () => {
  expect(
    stepsOfPeriod(
      [
        version('a', 'd', 'z'),
        version('a', 'b=Budget', 'c', 'd', 'z'),
        version('a', 'b=Money', 'c', 'e', 'd', 'z'),
      ],
      new Set(['a', 'b', 'c', 'e', 'd']),
    ),
  ).toEqual([
    { id: 'a', name: 'a', removed: false },
    { id: 'b', name: 'Budget', removed: true },
    { id: 'c', name: 'c', removed: true },
    { id: 'e', name: 'e', removed: true },
    { id: 'd', name: 'd', removed: false },
    { id: 'z', name: 'z', removed: false },
  ]);
});

test('leaves out a removed step the period did not count, and lists an unknown id last', () => {
  expect(
    stepsOfPeriod(
      [version('a', 'z'), version('x', 'a', 'b', 'z')],
      new Set(['b', '#7']),
    ),
  ).toEqual([
    { id: 'a', name: 'a', removed: false },
    { id: 'b', name: 'b', removed: true },
    { id: 'z', name: 'z', removed: false },
    { id: '#7', name: '#7', removed: true },
  ]);
});

test('reads a stored version’s steps with the ids they are counted under', () => {
  expect(
    stepsOfVersion({
      steps: [
        { name: 'Welcome' },
        { name: 'About you', id: 'general-information' },
        { name: 'General Information' },
      ],
    }),
  ).toEqual([
    { id: 'welcome', name: 'Welcome' },
    { id: 'general-information', name: 'About you' },
    { id: 'general-information-2', name: 'General Information' },
  ]);
  expect(stepsOfVersion(null)).toEqual([]);
});
