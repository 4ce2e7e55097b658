import type { WizardConfig } from '#engine/config-schema.ts';
import { droppedQuestions } from '#engine/form-changes.ts';
import { getAt, isEmptyValue } from '#engine/paths.ts';
import type { ApplicationPayload } from '#engine/payload.ts';
import type { DroppedQuestion } from '#review-api/form.ts';
import type { ApplicationsRepository } from '../db/applications-repository.ts';

const fieldsPrefix = 'fields.';

/** Whether a stored application holds an answer at any of a question's paths. */
function hasAnswer(payload: ApplicationPayload, answers: string[]): boolean {
  return answers.some((path) =>
    path.startsWith(fieldsPrefix)
      ? payload.fields.some(
          (field) => field.key === path.slice(fieldsPrefix.length),
        )
      : !isEmptyValue(getAt(payload, path)),
  );
}

/**
 * The questions `after` no longer asks, with how many stored applications answered each: they keep
 * those answers, read with the version they were answered under. One pass over the applications.
 */
export async function countDroppedAnswers(
  repository: ApplicationsRepository,
  before: WizardConfig,
  after: WizardConfig,
): Promise<DroppedQuestion[]> {
  const dropped = droppedQuestions(before, after);
  const counts = dropped.map(() => 0);
  if (dropped.length > 0)
    for await (const application of repository.iterate())
      dropped.forEach((question, index) => {
        if (hasAnswer(application.payload, question.answers))
          counts[index] = (counts[index] ?? 0) + 1;
      });
  return dropped.map(({ answers: _answers, ...question }, index) => ({
    ...question,
    applications: counts[index] ?? 0,
  }));
}
