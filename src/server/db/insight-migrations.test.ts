import { expect, test } from 'vitest';
import { stepIdsOf } from '#engine/step-ids.ts';
import {
  migratedStepIdsOf,
  migratedStepTimeBounds,
} from './insight-migrations.ts';
import { stepTimeBounds } from './insight-rollups.ts';

// The migrations' own copies must agree with what ingestion uses today: rollups a migration filled
// and rollups kept since are added up together. Should today's change, write a new migration that
// fills the rollups again, and leave the old migrations' copies as they are.
test('the migrations bucket step times as ingestion does', () => {
  expect(migratedStepTimeBounds).toEqual(stepTimeBounds);
});

test('migration 028 names steps as the wizard and the server name a form without ids', () => {
  const steps = [
    { name: 'Welcome' },
    { name: 'General Information' },
    { name: 'General Information' },
    { name: 'Über die Reise – Teil 2!' },
    { name: '日本語のステップ' },
    { name: 'Tell us everything about the places you would like to visit' },
    { name: 'Done', id: 'welcome-2' },
  ];
  expect(migratedStepIdsOf(steps)).toEqual(stepIdsOf({ steps }));
});
