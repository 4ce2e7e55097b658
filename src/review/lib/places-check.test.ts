import { expect, test } from 'vitest';
import { acceptingItems, acceptingView, overPlaces } from './places-check.ts';

const summer = { slug: 'summer', title: 'Summer', places: 5, accepted: 5 };
const winter = { slug: 'winter', title: 'Winter', places: 5, accepted: 3 };
const open = {
  slug: 'creators',
  title: 'Creators',
  places: null,
  accepted: 40,
};
const calls = [summer, winter, open];

const item = (slug: string, stage: 'new' | 'accepted' = 'new') => ({
  call: { slug, title: slug },
  stage,
});

test('counts what a move to Accepted adds in each call, leaving out those accepted already', () => {
  expect(
    acceptingItems([
      item('summer'),
      item('summer'),
      item('summer', 'accepted'),
      item('winter'),
    ]),
  ).toEqual(
    new Map([
      ['summer', 2],
      ['winter', 1],
    ]),
  );
});

test('asks before a call goes past its places, in the words of the call', () => {
  expect(overPlaces(calls, new Map([['summer', 1]]))).toEqual([
    'This call has 5 places and 5 accepted.',
  ]);
  expect(overPlaces(calls, new Map([['winter', 2]]))).toEqual([]);
  expect(overPlaces(calls, new Map([['winter', 3]]))).toEqual([
    'This call has 5 places and 3 accepted.',
  ]);
});

test('never asks for a call without places, nor for nothing added, nor before the calls are read', () => {
  expect(overPlaces(calls, new Map([['creators', 100]]))).toEqual([]);
  expect(overPlaces(calls, new Map([['summer', 0]]))).toEqual([]);
  expect(overPlaces(undefined, new Map([['summer', 1]]))).toEqual([]);
});

test('names each call it would fill when the selection spans several', () => {
  expect(
    overPlaces(
      calls,
      new Map([
        ['summer', 1],
        ['winter', 3],
      ]),
    ),
  ).toEqual([
    'Summer: This call has 5 places and 5 accepted.',
    'Winter: This call has 5 places and 3 accepted.',
  ]);
});

test('every one matching a view: its call’s, or any call with places when the view spans them all', () => {
  expect(acceptingView({ call: 'winter' }, 4, calls)).toEqual(
    new Map([['winter', 4]]),
  );
  expect(
    acceptingView({ stage: 'accepted', call: 'winter' }, 4, calls),
  ).toEqual(new Map());
  expect(acceptingView({}, 2, calls)).toEqual(
    new Map([
      ['summer', 2],
      ['winter', 2],
    ]),
  );
});
