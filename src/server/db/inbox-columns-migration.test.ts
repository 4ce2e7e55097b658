import { expect, test } from 'vitest';
import type { ApplicationPayload } from '#engine/payload.ts';
import { validApplication } from '../../../tests/support/fixtures.ts';
import { inboxColumnsOf } from './applicant-columns.ts';
import { migratedInboxColumnsOf } from './inbox-columns-migration.ts';

const base = validApplication();
const payloads: ApplicationPayload[] = [
  base,
  { ...base, platforms: {} },
  {
    ...base,
    platforms: {
      youtube: { url: 'https://youtube.com/@Ada', followers: '3.5' },
      snapchat: { handle: 'ADA', followers: '70' },
      website: { url: 'https://ada.example' },
    },
    fields: [
      ...base.fields,
      { key: 'single.reddit.handle', value: 'u/ada' },
      { key: 'single.reddit.followers', value: '40' },
      { key: 'single.linkedin.url', value: 'https://linkedin.com/in/ada' },
      { key: 'single.linkedin.url', value: 'sent twice' },
      { key: 'single.threads.followers', value: '9' },
    ],
  },
];

// Migration 005 filled these columns for the applications stored before it; every application
// stored since gets today's. Should today's rule change, the two disagree: write a new migration
// that fills the columns again, and leave 005's copy as it is.
test("migration 005 fills the inbox's columns as storing an application does today", () => {
  for (const payload of payloads)
    expect(migratedInboxColumnsOf(payload)).toEqual(inboxColumnsOf(payload));
});
