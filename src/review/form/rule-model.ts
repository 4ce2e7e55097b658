import type {
  Block,
  Condition,
  FormItem,
  SelectOption,
  WizardConfig,
} from '#engine/config-schema.ts';
import { answerPaths } from '#engine/block-kinds/placements.ts';

/** An answer a rule may depend on, as the editor offers it: by its question's words. */
export type RuleAnswer = {
  path: string;
  label: string;
  /** How the answer is picked: Yes or No, one of a list typed in the form, or typed freely. */
  kind: 'yesNo' | 'choice' | 'text';
  options?: readonly SelectOption[];
};

function answersOf(block: Block): Omit<RuleAnswer, 'label'>[] {
  const [path, followUp] = answerPaths(block);
  if (!path) return [];
  if (block.component === 'yesNo')
    return [
      { path, kind: 'yesNo' },
      ...(followUp ? [{ path: followUp, kind: 'text' as const }] : []),
    ];
  if (block.component === 'select' && Array.isArray(block.data.options))
    return [{ path, kind: 'choice', options: block.data.options }];
  return [{ path, kind: 'text' }];
}

/**
 * Every answer of the form a rule of `block` may depend on, the block's own left out: each by its
 * question's words, with its step where two read the same. The platforms' answers have rules of
 * their own.
 */
export function ruleAnswers(config: WizardConfig, block: Block): RuleAnswer[] {
  const own = answerPaths(block);
  const answers = config.steps.flatMap((step, stepIndex) =>
    step.blocks
      .filter((other) => other.component !== 'platforms')
      .flatMap((other) =>
        answersOf(other).map((answer, index) => ({
          ...answer,
          step: stepIndex,
          label:
            index === 0 || other.component !== 'yesNo'
              ? 'label' in other.data
                ? other.data.label
                : ''
              : `Follow-up of “${other.data.label}”`,
        })),
      )
      .filter((answer) => !own.includes(answer.path)),
  );
  return answers.map(({ step, ...answer }) =>
    answers.filter((other) => other.label === answer.label).length > 1
      ? { ...answer, label: `${answer.label} (step ${step + 1})` }
      : answer,
  );
}

/** The condition a rule starts with once an answer is chosen: Yes, the first option, or answered at all. */
export function startingCondition(answer: RuleAnswer): Condition {
  if (answer.kind === 'yesNo') return { path: answer.path, equals: true };
  const first = answer.options?.[0];
  if (first) return { path: answer.path, equals: first.value };
  return { path: answer.path, filled: true };
}

/**
 * Changes the rules of the answer at `path`, kept in `formItems`: added when the first rule is set,
 * dropped when the last is cleared, so an empty rule leaves nothing behind.
 */
export function editRules(
  draft: WizardConfig,
  path: string,
  change: (item: FormItem) => void,
) {
  let item = draft.formItems.find((candidate) => candidate.path === path);
  if (!item) {
    item = { path, validators: [] };
    draft.formItems.push(item);
  }
  change(item);
  if (
    item.validators.length === 0 &&
    !item.showOnCondition &&
    !item.disableOnCondition
  )
    draft.formItems = draft.formItems.filter((other) => other !== item);
}
