import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import type { WizardConfig } from '#engine/config-schema.ts';
import { readExport } from '../../tests/support/csv.ts';
import { engines, scratchDatabase } from '../../tests/support/databases.ts';
import {
  adminToken,
  exampleConfig,
  fakeDist,
  validApplication,
} from '../../tests/support/fixtures.ts';
import { buildApp } from './app.ts';

/** The example with the first question of More Details worded anew. */
function reworded(config: WizardConfig, label: string): WizardConfig {
  return {
    ...config,
    steps: config.steps.map((step) => ({
      ...step,
      blocks: step.blocks.map((block) =>
        block.component === 'textInput' &&
        block.data.path === 'fields.single.whatContent'
          ? { ...block, data: { ...block.data, label } }
          : block,
      ),
    })),
  };
}

describe.each(engines)(
  'export across configuration versions on %s',
  (engine) => {
    test('exports an application stored before the form changed with the questions it was asked', async () => {
      const scratch = await scratchDatabase(engine);
      const dist = fakeDist();
      const serve = async (config: WizardConfig) =>
        buildApp({
          wizardConfig: config,
          configDirectory: 'config',
          distDirectory: dist,
          database: await scratch.open(),
          adminToken,
          rateLimitPerMinute: 0,
        });
      const send = async (
        app: Awaited<ReturnType<typeof serve>>,
        firstName: string,
      ) => {
        const response = await app.inject({
          method: 'PUT',
          url: '/api/syncPage/aldmere-creators',
          headers: { 'idempotency-key': randomUUID() },
          payload: validApplication({ firstName }),
        });
        expect(response.statusCode).toBe(201);
      };
      const before = await serve(exampleConfig());
      await send(before, 'Ada');
      await before.close();

      const after = await serve(
        reworded(exampleConfig(), 'What story would you tell?'),
      );
      await send(after, 'Grace');
      const csv = await after.inject({
        method: 'GET',
        url: '/api/applications.csv',
        headers: { authorization: `Bearer ${adminToken}` },
      });
      await after.close();
      await scratch.drop();

      const { questions, keys, cells } = readExport(csv.body);
      const whatContent = keys.flatMap((key, index) =>
        key === 'fields.single.whatContent' ? [index] : [],
      );
      // Today's wording leads; the earlier one follows as a column of its own.
      expect(whatContent.map((index) => questions[index])).toEqual([
        'What story would you tell?',
        'What content angle or interest would you bring?',
      ]);
      const answersOf = (name: string) => {
        const row = cells.find((row) => row.includes(name)) ?? [];
        return whatContent.map((index) => row[index]);
      };
      expect(answersOf('Ada')).toEqual(['', 'Food and slow travel']);
      expect(answersOf('Grace')).toEqual(['Food and slow travel', '']);
    });
  },
);
