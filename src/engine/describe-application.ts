import { valueOf, type ApplicationModel } from './application-schema.ts';
import type { DisplayContext, ShownAnswer } from './block-kinds/answer.ts';
import { isActive } from './conditions.ts';
import { decodePayload, type ApplicationPayload } from './payload.ts';

/** The answers asked on one step of the form, under the step's name. */
export type DescribedStep = { step: string; answers: ShownAnswer[] };

export type ExportColumn = { key: string; question: string };

/**
 * A stored application as people read it: every answer with its question and display text, in
 * the order of the form, grouped by step, as the model it was answered under words them. Answers the
 * form hid or disabled are left out, as are questions left unanswered.
 */
export function describeApplication(
  payload: ApplicationPayload,
  model: ApplicationModel,
  formatPhone: DisplayContext['formatPhone'],
  { links = true }: { links?: boolean } = {},
): DescribedStep[] {
  const values = decodePayload(payload, model);
  const context = {
    texts: model.texts,
    lang: model.config.lang,
    formatPhone,
    links,
  };
  const steps = model.config.steps.map((step) => ({
    step: step.name,
    answers: [] as ShownAnswer[],
  }));
  for (const answer of model.answers) {
    if (!isActive(answer.path, values, model.rules)) continue;
    const shown = answer.codec.show(valueOf(answer, values), answer, context);
    steps[model.stepOf.get(answer.path) ?? 0]?.answers.push(...shown);
  }
  return steps.filter((step) => step.answers.length > 0);
}

/** The columns of an export under this model: one per answer, the platforms one per field. */
export function describeColumns(model: ApplicationModel): ExportColumn[] {
  return model.answers.flatMap((answer) =>
    answer.codec.columns(answer, model.texts),
  );
}
