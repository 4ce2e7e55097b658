import { expect, test } from 'vitest';
import {
  clearedFilters,
  filterParams,
  hasFilters,
  hiddenFiltersOf,
  inboxQueryOf,
} from './inbox-view.ts';

const params = (query: string) => new URLSearchParams(query);

test('reads the view from the address: call, stage tab, sort, search and each filter', () => {
  expect(
    inboxQueryOf(
      params(
        'call=summer-2027&eligible=no&stage=shortlisted&sort=verified&search=+ada+&platform=tiktok&country=GB&minReach=5000&tag=coast&hasNote=yes&verified=yes&language=de&duplicates=yes&open=42',
      ),
    ),
  ).toEqual({
    call: 'summer-2027',
    eligible: 'no',
    stage: 'shortlisted',
    sort: 'verified',
    search: 'ada',
    platform: 'tiktok',
    country: 'GB',
    minReach: '5000',
    tag: 'coast',
    hasNote: 'yes',
    verified: 'yes',
    language: 'de',
    duplicates: 'yes',
  });
});

test('sends the received days as the instants the viewer’s days begin, the last one included', () => {
  const query = inboxQueryOf(params('from=2026-11-01&to=2026-11-03'));
  expect(query.receivedFrom).toBe(new Date('2026-11-01T00:00').toISOString());
  expect(query.receivedTo).toBe(new Date('2026-11-04T00:00').toISOString());
});

test('leaves out what the API would refuse, keeping the rest of an address typed by hand', () => {
  expect(
    inboxQueryOf(
      params(
        'call=Summer!&eligible=maybe&stage=won&platform=myspace&minReach=lots&verified=no&country=gb&from=yesterday&language=German!&tag=coast',
      ),
    ),
  ).toEqual({ tag: 'coast' });
});

test('knows whether anything narrows the view, and clears it all but the call, the stage tab and the sort', () => {
  expect(
    hasFilters(params('call=summer-2027&stage=new&sort=votes&open=42')),
  ).toBe(false);
  expect(hasFilters(params('eligible=no'))).toBe(true);
  expect(hasFilters(params('stage=new&search=ada'))).toBe(true);
  expect(hasFilters(params('hasNote=yes'))).toBe(true);
  expect(hasFilters(params('verified=yes'))).toBe(true);
  expect(hasFilters(params('duplicates=yes'))).toBe(true);
  expect(hasFilters(params('hidden.ref=hotel-alpenhof'))).toBe(true);
  const cleared = clearedFilters(
    params('stage=new&hidden.ref=hotel-alpenhof&hidden.partner=board'),
  );
  expect(Object.keys(cleared).sort()).toEqual(
    [...filterParams, 'hidden.ref', 'hidden.partner'].sort(),
  );
  expect(Object.values(cleared).every((value) => value === null)).toBe(true);
  expect(cleared).not.toHaveProperty('stage');
  expect(cleared).not.toHaveProperty('sort');
  expect(cleared).not.toHaveProperty('call');
});

test('reads hidden-field filters from the address, leaving out a key no hidden field may have and an empty value', () => {
  expect(
    inboxQueryOf(
      params(
        'hidden.ref=hotel-alpenhof&hidden.partner=board&hidden.Bad=x&hidden.empty=&tag=coast',
      ),
    ),
  ).toEqual({
    'hidden.ref': 'hotel-alpenhof',
    'hidden.partner': 'board',
    tag: 'coast',
  });
  expect(hiddenFiltersOf(params('hidden.ref=hotel-alpenhof&ref=x'))).toEqual([
    { key: 'hidden.ref', name: 'ref', value: 'hotel-alpenhof' },
  ]);
  // A value longer than any hidden field keeps is left out alone.
  expect(
    inboxQueryOf(params(`hidden.ref=${'x'.repeat(201)}&tag=coast`)),
  ).toEqual({ tag: 'coast' });
});
