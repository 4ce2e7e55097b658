import { answerPaths } from '#engine/block-kinds/placements.ts';
import type { WizardConfig } from '#engine/config-schema.ts';
import { isShown } from '#engine/conditions.ts';
import { preloadBlocks } from '#web/blocks/block-registry.ts';
import {
  prepareApplicationForm,
  restoreAnswers,
} from '#web/lib/application-form.ts';
import { fetchPublishedForm } from '#web/lib/published-form.ts';
import { clearDraft, writeDraft, type Draft } from '#web/lib/session-draft.ts';
import { draftValuesOf, invalidPaths, stepFieldPaths } from './step-fields.ts';

/** The form the server serves now, and where the applicant's answers resume in it. */
export type ChangedForm = {
  config: WizardConfig;
  version: number;
  draft: Draft;
};

/**
 * Where answers given under the form `before` resume under `after`: every answer `after` still asks
 * for (the same path, the same kind of value) is kept, and the applicant is taken to the first step
 * with something to answer (an answer still needed, or a question shown that `before` did not ask),
 * else to the step that sends.
 */
export function resumeAnswers(
  before: WizardConfig,
  after: WizardConfig,
  values: Record<string, unknown>,
): { stepIndex: number; values: Record<string, unknown> } {
  const { model } = prepareApplicationForm(after);
  const kept = restoreAnswers(model, draftValuesOf(values));
  const invalid = invalidPaths(after, kept);
  const askedBefore = new Set(
    before.steps.flatMap((step) => step.blocks.flatMap(answerPaths)),
  );
  const isNew = (path: string | undefined) =>
    path !== undefined &&
    !askedBefore.has(path) &&
    isShown(path, kept, model.rules);
  const toAnswer = after.steps.findIndex(
    (step, index) =>
      stepFieldPaths(after, model, index).some((path) => invalid.has(path)) ||
      step.blocks.some((block) => isNew(answerPaths(block)[0])),
  );
  const sending = after.steps.length - (after.skipFinalStep ? 1 : 2);
  return {
    stepIndex: toAnswer >= 0 ? toAnswer : Math.max(sending, 0),
    values: kept,
  };
}

/**
 * After the server refused an application answered under a form it no longer takes: the form it
 * serves now, with the answers resumed in it and kept in the tab's draft. Null when that form cannot
 * be read; the applicant can then try again, losing nothing.
 */
export async function changeToPublishedForm(
  before: WizardConfig,
  values: Record<string, unknown>,
  idempotencyKey: string | null,
): Promise<ChangedForm | null> {
  const published = await fetchPublishedForm(before.pageId, before.lang);
  if (!published) return null;
  const { config, version } = published;
  // Every block kind is loaded before the form shows: a step must not suspend under the applicant.
  await preloadBlocks(config.steps.flatMap((step) => step.blocks));
  const draft: Draft = {
    ...resumeAnswers(before, config, values),
    // Nothing was stored under it: the send that follows is the same attempt.
    idempotencyKey,
    sent: false,
    sentEmail: '',
  };
  if (config.pageId !== before.pageId) clearDraft(before.pageId);
  writeDraft(config.pageId, draft);
  return { config, version, draft };
}
