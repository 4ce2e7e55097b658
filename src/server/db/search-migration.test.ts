import { expect, test } from 'vitest';
import type { ApplicationPayload } from '#engine/payload.ts';
import { validApplication } from '../../../tests/support/fixtures.ts';
import { migratedSearchTextOf } from './search-migration.ts';
import { searchTextOf } from './search-text.ts';

const base = validApplication();
const payloads: ApplicationPayload[] = [
  base,
  {
    ...base,
    personalInfo: { ...base.personalInfo, firstName: 'Zoë-Anne', age: 31 },
    platforms: { tiktok: { handle: '@zoë_travels', followers: '1,200' } },
    hidden: { ref: 'hotel-alpenhof' },
    language: 'de',
  },
];

// Migration 033 indexed the applications stored before it; every application stored since is
// indexed by today's rule. Should today's rule change, a search finds the two differently: write a
// new migration that indexes every application again, and leave 033's copy as it is.
test('migration 033 indexes an application as storing it does today', () => {
  for (const payload of payloads)
    expect(migratedSearchTextOf(payload)).toBe(searchTextOf(payload));
});
