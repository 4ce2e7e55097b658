import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  buildApplicationModel,
  buildApplicationSchema,
  type ApplicationModel,
} from '#engine/application-schema.ts';
import { buildPayload } from '#engine/payload.ts';
import { answersArbitrary } from '../../../tests/support/answer-arbitraries.ts';
import {
  exampleWith,
  withExtraAnswers,
} from '../../../tests/support/wizard-configs.ts';
import { startTestServer } from '../../../tests/support/test-server.ts';

// The example form plus a second phone, a yes/no with follow-up, a multi select and a checkbox under fields.single.
const model: ApplicationModel = buildApplicationModel(
  exampleWith(withExtraAnswers),
);
const schema = buildApplicationSchema(model);

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer({ config: model.config });
});
afterAll(() => server.close());

type Issue = { path: string; message: string };
type Verdict = { isAccepted: boolean; issues: string[] };

const sortedIssues = (issues: Issue[]) =>
  issues.map((issue) => `${issue.path}: ${issue.message}`).sort();

test('gives the same verdict as the browser, issue by issue, for 5,000 applications valid and invalid', async () => {
  const counts = { accepted: 0, refused: 0 };
  await fc.assert(
    fc.asyncProperty(answersArbitrary(model, 'plausible'), async (values) => {
      const result = schema.safeParse(values);
      const browserVerdict: Verdict = {
        isAccepted: result.success,
        issues: result.success
          ? []
          : sortedIssues(
              result.error.issues.map((issue) => ({
                path: issue.path.join('.'),
                message: issue.message,
              })),
            ),
      };
      const response = await server.app.inject({
        method: 'PUT',
        url: `/api/syncPage/${model.config.pageId}`,
        headers: { 'idempotency-key': randomUUID() },
        payload: buildPayload(values, model),
      });
      const serverVerdict: Verdict = {
        isAccepted: response.statusCode === 201,
        issues:
          response.statusCode === 400
            ? sortedIssues(response.json<{ issues: Issue[] }>().issues)
            : [],
      };
      expect(serverVerdict).toEqual(browserVerdict);
      counts[browserVerdict.isAccepted ? 'accepted' : 'refused'] += 1;
    }),
    { numRuns: 5000 },
  );
  // Both verdicts must be common, or the comparison proves little.
  expect(counts.accepted).toBeGreaterThan(1000);
  expect(counts.refused).toBeGreaterThan(1000);
}, 180_000);
