import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { WizardConfig } from '#engine/config-schema.ts';
import { defaultTexts } from '#engine/texts.ts';
import type { PublishedForm } from '#engine/sync-page.ts';
import { engines } from '../../../tests/support/databases.ts';
import type { Engine } from '../db/database.ts';
import {
  exampleConfig,
  putApplication,
  validApplication,
} from '../../../tests/support/fixtures.ts';
import { startTestServer } from '../../../tests/support/test-server.ts';
import {
  exampleWith,
  withNewQuestion,
  withoutQuestion,
  withOverrides,
} from '../../../tests/support/wizard-configs.ts';
import { savedDraftLifetimeMs } from '../form/accepted-versions.ts';
import { createFormStore } from '../form/form-store.ts';
import { publishForm } from '../form/publish-form.ts';
import { createAuditLog } from '../staff/audit-log.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

const dayMs = 24 * 60 * 60 * 1000;

const withSeason = withNewQuestion(
  'bestSeason',
  'Which season suits you best?',
);

/** Publishes `config` as the next version, as if at `at`; resolves once the server serves it. */
async function publish(
  server: TestServer,
  config: WizardConfig,
  at: Date = new Date(),
): Promise<number> {
  const outcome = await publishForm(
    {
      store: createFormStore(server.database, exampleConfig().pageId, () => at),
      audit: createAuditLog(server.database),
    },
    { config, by: 'ada@example.org', address: null },
  );
  if (outcome.kind !== 'published') throw new Error('not published');
  // The server looks for a newer version every 50 ms; the ceiling only ends a hang on a busy machine.
  await expect
    .poll(
      async () =>
        (
          (await (
            await fetch(`${server.baseUrl}/api/form/${exampleConfig().pageId}`)
          ).json()) as PublishedForm
        ).version,
      { timeout: 30_000 },
    )
    .toBe(outcome.number);
  return outcome.number;
}

const hashOf = async (server: TestServer, number: number) =>
  (
    await createFormStore(server.database, exampleConfig().pageId).version(
      number,
    )
  )?.configHash;

/** Sends under the version named (none when undefined); answers the status and the stored row. */
async function send(
  server: TestServer,
  body: unknown,
  { version, pageId }: { version?: string; pageId?: string } = {},
) {
  const response = await putApplication(server.baseUrl, body, {
    key: randomUUID(),
    ...(pageId !== undefined && { pageId }),
    headers: version === undefined ? {} : { 'Form-Version': version },
  });
  const answer = (await response.json()) as Record<string, unknown>;
  const stored =
    typeof answer.id === 'string'
      ? await server.repository.get(answer.id)
      : undefined;
  return { status: response.status, answer, stored };
}

/** The example's application with the answer to the question version 2 adds. */
function withSeasonAnswer() {
  const application = validApplication();
  application.fields.push({ key: 'single.bestSeason', value: 'Spring' });
  return application;
}

/** A server of its own for the tests around the call, which publish to it; read from inside a test. */
function useServer(engine: Engine): () => TestServer {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startTestServer({ engine, formPollMs: 50 });
  });
  afterAll(() => started?.close());
  return () => {
    if (!started) throw new Error('The server starts before the tests.');
    return started;
  };
}

describe.each(engines)(
  'applications under the form version their applicant was served, on %s',
  (engine) => {
    const server = useServer(engine);

    test('after version 2 adds a required question, an application answered under version 1 is stored under version 1; one naming no version is checked against version 2', async () => {
      expect(await publish(server(), exampleWith(withSeason))).toBe(2);
      const underOne = await send(server(), validApplication(), {
        version: '1',
      });
      expect(underOne.status).toBe(201);
      expect(underOne.stored?.configVersion).toBe(await hashOf(server(), 1));
      expect(underOne.stored?.payload).toEqual({
        ...validApplication(),
        language: 'en',
      });

      const unnamed = await send(server(), validApplication());
      expect(unnamed.status).toBe(400);
      expect(unnamed.answer).toEqual({
        error: 'validation',
        issues: [
          {
            path: 'fields.single.bestSeason',
            message: defaultTexts.required,
          },
        ],
      });
      const underTwo = await send(server(), withSeasonAnswer(), {
        version: '2',
      });
      expect(underTwo.status).toBe(201);
      expect(underTwo.stored?.configVersion).toBe(await hashOf(server(), 2));
    });

    test('after version 3 removes a question, an application under version 1 keeps its answer to it', async () => {
      expect(
        await publish(
          server(),
          exampleWith(withSeason, withoutQuestion('fields.single.whatContent')),
        ),
      ).toBe(3);
      const underOne = await send(server(), validApplication(), {
        version: '1',
      });
      expect(underOne.status).toBe(201);
      expect(underOne.stored?.payload.fields).toContainEqual({
        key: 'single.whatContent',
        value: 'Food and slow travel',
      });
      expect(underOne.stored?.configVersion).toBe(await hashOf(server(), 1));
      // Named by no version, the same answer is one version 3 does not ask.
      const unnamed = await send(server(), withSeasonAnswer());
      expect(unnamed.status).toBe(400);
      expect(unnamed.answer).toMatchObject({
        issues: [
          { path: 'fields[0]', message: 'Unknown key "single.whatContent"' },
        ],
      });
    });

    test("a version published with another page id keeps its call's: version 1's and version 4's applicants both send to the call's address", async () => {
      expect(
        await publish(
          server(),
          exampleWith(
            withSeason,
            withoutQuestion('fields.single.whatContent'),
            withOverrides({
              pageId: 'aldmere-spring',
              notifications: { staffEmails: ['team@example.org'] },
            }),
          ),
        ),
      ).toBe(4);
      const underOne = await send(server(), validApplication(), {
        version: '1',
      });
      expect(underOne.status).toBe(201);
      expect(underOne.stored).toMatchObject({
        pageId: 'aldmere-creators',
        configVersion: await hashOf(server(), 1),
      });
      // A page id is a call's address: another one names no call.
      expect(
        (
          await send(server(), validApplication(), {
            version: '1',
            pageId: 'aldmere-spring',
          })
        ).status,
      ).toBe(404);
      const current = withSeasonAnswer();
      current.fields = current.fields.filter(
        (field) => field.key !== 'single.whatContent',
      );
      const underFour = await send(server(), current, { version: '4' });
      expect(underFour.status).toBe(201);
      expect(underFour.stored).toMatchObject({
        pageId: 'aldmere-creators',
        configVersion: await hashOf(server(), 4),
      });
    });

    test('the page carries the version it serves, and GET /api/form answers that version with what the page embeds of it', async () => {
      const page = await (await fetch(`${server().baseUrl}/`)).text();
      expect(page).toMatch(
        /<script type="application\/json" id="wizard-config" data-version="4">/,
      );
      const response = await fetch(
        `${server().baseUrl}/api/form/aldmere-creators`,
        {
          headers: { 'accept-encoding': 'br' },
        },
      );
      expect(response.headers.get('content-type')).toBe(
        'application/json; charset=utf-8',
      );
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const form = (await response.json()) as PublishedForm;
      expect(form.version).toBe(4);
      expect(form.config.pageId).toBe('aldmere-creators');
      // Only what the browser may see: not the staff addresses the notifications name.
      expect(JSON.stringify(form)).not.toContain('team@example.org');
    });

    test('a version never published is a 409 naming the current one, which the idempotency conflict never is; a malformed one a 400; nothing is stored', async () => {
      const before = await server().repository.count();
      for (const version of ['99', '0', '5']) {
        const refused = await send(server(), validApplication(), { version });
        expect(refused.status).toBe(409);
        expect(refused.answer).toEqual({
          error: 'form_changed',
          message: 'This form has changed: check the new questions',
          version: 4,
        });
      }
      for (const version of ['abc', '1.5', '-1', '']) {
        const refused = await send(server(), validApplication(), { version });
        expect(refused.status, version).toBe(400);
        expect(refused.answer).toMatchObject({
          error: 'validation',
          issues: [{ path: 'Form-Version' }],
        });
      }
      expect(await server().repository.count()).toBe(before);
    });
  },
);

describe.each(engines)(
  'how long a replaced version is still taken, on %s',
  (engine) => {
    const server = useServer(engine);

    test('an application under a version replaced longer ago than a draft is kept is a 409 naming the current version; one replaced since is taken', async () => {
      const now = Date.now();
      // Version 1 replaced a day past the drafts' lifetime, version 2 a day within it.
      await publish(
        server(),
        exampleWith(withSeason),
        new Date(now - savedDraftLifetimeMs - dayMs),
      );
      await publish(
        server(),
        exampleWith(withSeason, withoutQuestion('fields.single.whatContent')),
        new Date(now - savedDraftLifetimeMs + dayMs),
      );
      const before = await server().repository.count();
      const expired = await send(server(), validApplication(), {
        version: '1',
      });
      expect(expired.status).toBe(409);
      expect(expired.answer).toEqual({
        error: 'form_changed',
        message: defaultTexts.formChanged,
        version: 3,
      });
      expect(await server().repository.count()).toBe(before);
      const kept = await send(server(), withSeasonAnswer(), { version: '2' });
      expect(kept.status).toBe(201);
      expect(kept.stored?.configVersion).toBe(await hashOf(server(), 2));
    });
  },
);
