import type { Block, FormItem } from '#engine/config-schema.ts';
import { answerPaths } from '#engine/block-kinds/placements.ts';
import type { FormEditor } from './use-form-editor.ts';
import { blockTitle } from './block-kinds.ts';
import { ConditionEditor } from './condition-editor.tsx';
import { CheckField } from './form-fields.tsx';

const validatorChoices = [
  ['email', 'An e-mail address'],
  ['digits', 'Digits only'],
  ['phoneText', 'A phone number'],
  ['zip', 'A ZIP code'],
  ['followers', 'A number of followers'],
  ['websiteUrl', 'A website address'],
  ['handle', 'A user name'],
] as const;

/** Required, validators, and when the question shows or is disabled, kept in `formItems`. */
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
    editor.edit((draft) => {
      let target = draft.formItems.find((candidate) => candidate.path === path);
      if (!target) {
        target = { path, validators: [] };
        draft.formItems.push(target);
      }
      change(target);
      if (
        target.validators.length === 0 &&
        !target.showOnCondition &&
        !target.disableOnCondition
      )
        draft.formItems = draft.formItems.filter((other) => other !== target);
    });
  const has = (name: string) =>
    item?.validators.some((validator) => validator === name) ?? false;
  const toggle = (name: (typeof validatorChoices)[number][0] | 'required') =>
    editItem((draft) => {
      draft.validators = has(name)
        ? draft.validators.filter((validator) => validator !== name)
        : [...draft.validators, name];
    });
  const otherAnswers = config.steps
    .flatMap((step) => step.blocks)
    .filter((other) => other !== block)
    .flatMap((other) =>
      answerPaths(other)
        .filter((answer) => answer !== 'platforms')
        .map((answer) => [answer, `${blockTitle(other)} (${answer})`] as const),
    );
  return (
    <fieldset className="form-editor__rules">
      <legend>Rules</legend>
      <CheckField
        label="Required"
        path={`${at}.validators`}
        checked={has('required')}
        onChange={() => toggle('required')}
      />
      {validatorChoices.map(([name, label]) => (
        <CheckField
          key={name}
          label={`Must be ${label.toLowerCase()}`}
          path={`${at}.validators`}
          checked={has(name)}
          onChange={() => toggle(name)}
        />
      ))}
      {(['showOnCondition', 'disableOnCondition'] as const).map((key) => (
        <ConditionEditor
          key={key}
          label={key === 'showOnCondition' ? 'Show only when' : 'Disable when'}
          at={`${at}.${key}`}
          condition={item?.[key]}
          answers={otherAnswers}
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
