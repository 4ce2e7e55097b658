import type { Block, FormItem } from '#engine/config-schema.ts';
import { answerPaths } from '#engine/block-kinds/placements.ts';
import type { FormEditor } from './use-form-editor.ts';
import { checkLabels, checksOf, type TextCheck } from './block-kinds.ts';
import { ConditionEditor } from './condition-editor.tsx';
import { CheckField } from './form-fields.tsx';
import { editRules, ruleAnswers } from './rule-model.ts';

const conditions = [
  ['showOnCondition', 'Show only when', 'Always shown'],
  ['disableOnCondition', 'Disable when', 'Never'],
] as const;

/**
 * Required, the checks that apply to the block's kind, and when the question shows or is
 * disabled; none set until the marketer sets one.
 */
export function QuestionRules({
  editor,
  block,
}: {
  editor: FormEditor;
  block: Block;
}) {
  const config = editor.config;
  const path = answerPaths(block)[0];
  if (!config || !path) return null;
  const itemIndex = config.formItems.findIndex((item) => item.path === path);
  const item = config.formItems[itemIndex];
  const at = `formItems[${itemIndex}]`;
  const editItem = (change: (draft: FormItem) => void) =>
    editor.edit((draft) => editRules(draft, path, change));
  const has = (name: string) =>
    item?.validators.some((validator) => validator === name) ?? false;
  const toggle = (name: TextCheck | 'required') =>
    editItem((draft) => {
      draft.validators = has(name)
        ? draft.validators.filter((validator) => validator !== name)
        : [...draft.validators, name];
    });
  const answers = ruleAnswers(config, block);
  return (
    <fieldset className="form-editor__rules">
      <legend>Rules</legend>
      <CheckField
        label="Required"
        path={`${at}.validators`}
        checked={has('required')}
        onChange={() => toggle('required')}
      />
      {checksOf(block.component).map((name) => (
        <CheckField
          key={name}
          label={checkLabels[name]}
          path={`${at}.validators`}
          checked={has(name)}
          onChange={() => toggle(name)}
        />
      ))}
      {conditions.map(([key, label, emptyLabel]) => (
        <ConditionEditor
          key={key}
          label={label}
          emptyLabel={emptyLabel}
          at={`${at}.${key}`}
          condition={item?.[key]}
          answers={answers}
          onChange={(condition) =>
            editItem((draft) => {
              if (condition) draft[key] = condition;
              else delete draft[key];
            })
          }
        />
      ))}
    </fieldset>
  );
}
