import { blockPaths } from './block-paths.ts';
import type { Block, WizardConfig } from './config-schema.ts';

/** A question of the form: the block that asks it, where, and the answers it binds. */
type Question = {
  /** The block's `data.path`. */
  path: string;
  label: string;
  step: string;
  /** The block as configured, to notice any other change to it. */
  json: string;
};

function questionsOf(config: WizardConfig): Map<string, Question> {
  const questions = new Map<string, Question>();
  for (const step of config.steps)
    for (const block of step.blocks) {
      if (!('path' in block.data)) continue;
      questions.set(block.data.path, {
        path: block.data.path,
        label: block.data.label,
        step: step.name,
        json: JSON.stringify(block),
      });
    }
  return questions;
}

const quoted = (text: string) => `“${text}”`;

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

const sameJson = (first: unknown, second: unknown) =>
  JSON.stringify(first) === JSON.stringify(second);

/** The parts of the configuration named as a whole when they change. */
const namedParts: Array<[keyof WizardConfig, string]> = [
  ['title', 'the title'],
  ['lang', 'the language'],
  ['signInUrl', 'the sign-up address'],
  ['requestUrl', 'where applications are sent'],
  ['skipFinalStep', 'whether the last step is skipped'],
  ['footerLinks', 'the footer links'],
  ['theme', 'the theme colours'],
  ['coverImages', 'the cover images'],
  ['logo', 'the logo'],
  ['platforms', 'the platforms offered'],
  ['notifications', 'the e-mails'],
  ['buttonText', 'the button labels'],
  ['styleConfig', 'the button styles'],
  ['analytics', 'analytics'],
  ['errorReporting', 'error reporting'],
];

/**
 * What changed from one form to the next, in words a marketer reads (`Added the question “Dates?”
 * to More Details`), most telling first.
 */
export function describeFormChanges(
  before: WizardConfig,
  after: WizardConfig,
): string[] {
  const changes: string[] = [];
  const stepsBefore = before.steps.map((step) => step.name);
  const stepsAfter = after.steps.map((step) => step.name);
  /** A step's name in the new form, for a step renamed in place. */
  const renamedTo = new Map<string, string>();
  if (stepsBefore.length === stepsAfter.length) {
    stepsBefore.forEach((name, index) => {
      const renamed = stepsAfter[index];
      if (
        renamed !== undefined &&
        renamed !== name &&
        !stepsAfter.includes(name)
      ) {
        renamedTo.set(name, renamed);
        changes.push(`Renamed the step ${quoted(name)} to ${quoted(renamed)}`);
      }
    });
  } else {
    for (const name of stepsAfter)
      if (!stepsBefore.includes(name))
        changes.push(`Added the step ${quoted(name)}`);
    for (const name of stepsBefore)
      if (!stepsAfter.includes(name))
        changes.push(`Removed the step ${quoted(name)}`);
  }
  const kept = stepsBefore.filter((name) => stepsAfter.includes(name));
  const keptAfter = stepsAfter.filter((name) => stepsBefore.includes(name));
  if (!sameJson(kept, keptAfter)) changes.push('Reordered the steps');

  const questionsBefore = questionsOf(before);
  const questionsAfter = questionsOf(after);
  for (const [path, question] of questionsAfter) {
    const old = questionsBefore.get(path);
    if (!old) {
      changes.push(
        `Added the question ${quoted(question.label)} to ${question.step}`,
      );
      continue;
    }
    if (old.label !== question.label)
      changes.push(
        `Reworded the question ${quoted(old.label)} to ${quoted(question.label)}`,
      );
    else if ((renamedTo.get(old.step) ?? old.step) !== question.step)
      changes.push(
        `Moved the question ${quoted(question.label)} to ${question.step}`,
      );
    else if (old.json !== question.json)
      changes.push(`Changed the question ${quoted(question.label)}`);
  }
  for (const [path, question] of questionsBefore)
    if (!questionsAfter.has(path))
      changes.push(
        `Removed the question ${quoted(question.label)} from ${question.step}`,
      );

  const rulesBefore = new Map(
    before.formItems.map((item) => [item.path, item]),
  );
  const rulesAfter = new Map(after.formItems.map((item) => [item.path, item]));
  const rulesChanged = [
    ...new Set([...rulesBefore.keys(), ...rulesAfter.keys()]),
  ].filter(
    (path) => !sameJson(rulesBefore.get(path), rulesAfter.get(path)),
  ).length;
  if (rulesChanged > 0)
    changes.push(`Changed the rules of ${plural(rulesChanged, 'answer')}`);

  const otherBlocks = (config: WizardConfig) =>
    config.steps.map((step) => ({
      name: step.name,
      heading: step.heading,
      footer: step.footer,
      styles: step.styles,
      hideConfirmButton: step.hideConfirmButton,
      continueButtonText: step.continueButtonText,
      blocks: step.blocks.filter((block) => !('path' in block.data)),
    }));
  const stepsChanged = otherBlocks(after).filter((step) => {
    const old = otherBlocks(before).find((other) => other.name === step.name);
    return old !== undefined && !sameJson(old, step);
  }).length;
  if (stepsChanged > 0)
    changes.push(`Edited the texts of ${plural(stepsChanged, 'step')}`);

  const textKeys = new Set([
    ...Object.keys(before.texts),
    ...Object.keys(after.texts),
  ]) as Set<keyof WizardConfig['texts']>;
  const reworded = [...textKeys].filter(
    (key) => before.texts[key] !== after.texts[key],
  ).length;
  if (reworded > 0) changes.push(`Reworded ${plural(reworded, 'message')}`);

  for (const [key, name] of namedParts)
    if (!sameJson(before[key], after[key])) changes.push(`Changed ${name}`);
  const handled = new Set<string>([
    'steps',
    'formItems',
    'texts',
    ...namedParts.map(([key]) => key),
  ]);
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)]))
    if (
      !handled.has(key) &&
      !sameJson(
        before[key as keyof WizardConfig],
        after[key as keyof WizardConfig],
      )
    )
      changes.push(`Changed ${key}`);
  return changes;
}

const summaryLength = 400;

/** The changes in one line, short enough for the versions list. */
export function summarizeFormChanges(
  before: WizardConfig,
  after: WizardConfig,
): string {
  const line = describeFormChanges(before, after).join('; ') || 'No changes';
  return line.length <= summaryLength
    ? line
    : `${line.slice(0, summaryLength - 1)}…`;
}

/** The questions a new form no longer asks (removed, or their answer renamed), with where they were. */
export function droppedQuestions(
  before: WizardConfig,
  after: WizardConfig,
): Array<{ path: string; label: string; step: string; answers: string[] }> {
  const questionsAfter = questionsOf(after);
  return before.steps.flatMap((step) =>
    step.blocks.flatMap((block: Block) =>
      'path' in block.data && !questionsAfter.has(block.data.path)
        ? [
            {
              path: block.data.path,
              label: block.data.label,
              step: step.name,
              answers: blockPaths(block),
            },
          ]
        : [],
    ),
  );
}
