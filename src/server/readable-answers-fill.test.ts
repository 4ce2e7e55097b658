import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { describe, expect, test } from 'vitest';
import { buildApplicationModel } from '#engine/application-schema.ts';
import type { ApplicationPayload } from '#engine/payload.ts';
import { engines, scratchDatabase } from '../../tests/support/databases.ts';
import {
  exampleConfig,
  validApplication,
} from '../../tests/support/fixtures.ts';
import { captureLog } from '../../tests/support/log-capture.ts';
import { createApplicationDescriptions } from './application-descriptions.ts';
import { createApplicationsRepository } from './db/applications-repository.ts';
import { configHashOf } from './form/form-store.ts';
import { createReadableAnswersFill } from './readable-answers-fill.ts';
import {
  answerTextsOf,
  readableAnswersOf,
  storedAnswerTexts,
} from './readable-answers.ts';

const model = buildApplicationModel(exampleConfig());
const form = { model, configHash: configHashOf(model.config) };

describe.each(engines)('filling in readable answers on %s', (engine) => {
  test('gives every application stored without them, or under another revision, its answers as an export reads them; once', async () => {
    const scratch = await scratchDatabase(engine);
    const database = await scratch.open();
    const repository = createApplicationsRepository(database);
    const descriptions = createApplicationDescriptions(repository, () => form);
    const payloads = new Map<string, ApplicationPayload>();
    for (const firstName of ['Ada', 'Grace', 'Mary', 'Zoë']) {
      const payload = validApplication({
        firstName,
        emailAddress: `${firstName.toLowerCase()}@example.com`,
      }) as ApplicationPayload;
      const outcome = await repository.store({
        pageId: 'aldmere-creators',
        idempotencyKey: randomUUID(),
        configVersion: form.configHash,
        payload,
        // Zoë's were stored as they are today, the others' before.
        readableAnswers:
          firstName === 'Zoë' ? readableAnswersOf(payload, model) : null,
      });
      if (outcome.kind !== 'created') throw new Error(outcome.kind);
      payloads.set(outcome.id, payload);
    }
    const [mary] = [...payloads].find(
      ([, payload]) => payload.personalInfo.firstName === 'Mary',
    ) as [string, ApplicationPayload];
    await database.db
      .updateTable('applications')
      .set({ readable_answers: '{"revision":0,"columns":"","texts":[]}' })
      .where('id', '=', mary)
      .execute();

    const log = captureLog();
    const logger = Fastify({ logger: { stream: log.stream } }).log;
    const fill = () =>
      createReadableAnswersFill(database, descriptions).start(logger);
    await fill();
    const rows = await database.db
      .selectFrom('applications')
      .select(['id', 'readable_answers'])
      .execute();
    for (const row of rows)
      expect(storedAnswerTexts(row.readable_answers, model)).toEqual(
        answerTextsOf(payloads.get(row.id) as ApplicationPayload, model),
      );
    expect(log.records()).toContainEqual(
      expect.objectContaining({
        applications: 3,
        msg: 'readable answers stored for applications stored without them',
      }),
    );

    // Every one has them now: a second start finds none to fill.
    log.lines.length = 0;
    await fill();
    expect(log.lines).toEqual([]);
    await database.close();
    await scratch.drop();
  });
});
