import { expect, test } from 'vitest';
import type { Call } from '#review-api/calls.ts';
import { withChanges } from '#review/lib/with-changes.ts';
import {
  callChange,
  callChoices,
  chosenCallOf,
  stageTabHref,
  withChosenCall,
} from './call-choice.ts';

const params = (query: string) => new URLSearchParams(query);

const aCall = (slug: string, changes: Partial<Call> = {}): Call => ({
  slug,
  title: slug,
  summary: '',
  status: 'open',
  opensAt: null,
  closesAt: null,
  places: null,
  eligibility: null,
  archived: false,
  default: false,
  applications: 0,
  accepted: 0,
  ...changes,
});

test('reads the chosen call from the address, and ignores what is no call’s address', () => {
  expect(chosenCallOf(params('call=summer-2027&stage=new'))).toBe(
    'summer-2027',
  );
  expect(chosenCallOf(params('stage=new'))).toBeNull();
  expect(chosenCallOf(params('call=Summer 2027!'))).toBeNull();
});

test('offers every call first, then open calls, then scheduled and closed ones, archived last', () => {
  const calls = [
    aCall('creators', { title: 'Creators', default: true, status: 'closed' }),
    aCall('old-trip', { title: 'Old trip', status: 'closed', archived: true }),
    aCall('winter', { title: 'Winter food trail', status: 'scheduled' }),
    aCall('summer', { title: 'Summer on the coast' }),
  ];
  expect(callChoices(calls, null)).toEqual([
    ['', 'All calls'],
    ['summer', 'Summer on the coast (Open)'],
    ['winter', 'Winter food trail (Scheduled)'],
    ['creators', 'Creators (Closed)'],
    ['old-trip', 'Old trip (Archived)'],
  ]);
});

test('keeps the call the address names among the choices before the list is read', () => {
  expect(callChoices(undefined, 'summer')).toEqual([
    ['', 'All calls'],
    ['summer', 'summer'],
  ]);
  expect(callChoices([aCall('summer')], 'summer')).toHaveLength(2);
});

test('choosing a call keeps the stage tab, sort and filters, and closes the open application', () => {
  const next = withChanges(
    params('stage=shortlisted&sort=reach&eligible=no&tag=coast&open=42'),
    callChange('winter'),
  );
  expect(Object.fromEntries(next)).toEqual({
    stage: 'shortlisted',
    sort: 'reach',
    eligible: 'no',
    tag: 'coast',
    call: 'winter',
  });
  expect(
    withChanges(params('call=winter&stage=new'), callChange('')).toString(),
  ).toBe('stage=new');
});

test('a stage tab keeps the chosen call and the filters, and opens nothing', () => {
  expect(
    stageTabHref(params('call=winter&tag=coast&open=42'), 'accepted'),
  ).toBe('/review?call=winter&tag=coast&stage=accepted');
  expect(stageTabHref(params('stage=new'), null)).toBe('/review');
});

test('another screen’s link carries the chosen call and nothing else of this screen', () => {
  expect(
    withChosenCall('/insights', params('call=winter&stage=new&tag=coast')),
  ).toBe('/insights?call=winter');
  expect(withChosenCall('/insights', params('stage=new'))).toBe('/insights');
});
