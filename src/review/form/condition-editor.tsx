import type { Condition } from '#engine/config-schema.ts';
import { SelectField, TextField } from './form-fields.tsx';
import { startingCondition, type RuleAnswer } from './rule-model.ts';

/** A rule's condition: the answer it depends on, chosen by its question, and the value that sets it off. */
export function ConditionEditor({
  label,
  emptyLabel,
  at,
  condition,
  answers,
  onChange,
}: {
  label: string;
  /** What the rule reads with no answer chosen, when it does nothing: "Never", "Always shown". */
  emptyLabel: string;
  at: string;
  condition: Condition | undefined;
  answers: readonly RuleAnswer[];
  onChange: (condition: Condition | undefined) => void;
}) {
  const answer = answers.find((option) => option.path === condition?.path);
  // An answer no question asks any more stays listed, so the rule shows what it depends on.
  const missing =
    condition && !answer
      ? [[condition.path, 'A question no longer in the form'] as const]
      : [];
  return (
    <div className="form-editor__condition">
      <SelectField
        label={label}
        path={`${at}.path`}
        value={condition?.path ?? ''}
        options={[
          ['', emptyLabel],
          ...answers.map((option) => [option.path, option.label] as const),
          ...missing,
        ]}
        onChange={(path) => {
          const chosen = answers.find((option) => option.path === path);
          onChange(chosen && startingCondition(chosen));
        }}
      />
      {condition && answer && (
        <ConditionValue
          at={at}
          condition={condition}
          answer={answer}
          onChange={onChange}
        />
      )}
    </div>
  );
}

const filledChoices = [
  ['true', 'answered at all'],
  ['false', 'left empty'],
] as const;

function ConditionValue({
  at,
  condition,
  answer,
  onChange,
}: {
  at: string;
  condition: Condition;
  answer: RuleAnswer;
  onChange: (condition: Condition) => void;
}) {
  const { path } = condition;
  if ('filled' in condition)
    return (
      <SelectField
        label="…is"
        path={`${at}.filled`}
        value={String(condition.filled)}
        options={filledChoices}
        onChange={(value) => onChange({ path, filled: value === 'true' })}
      />
    );
  if ('oneOf' in condition)
    return (
      <TextField
        label="…is answered with one of (a comma between each)"
        path={`${at}.oneOf`}
        value={condition.oneOf.map(String).join(', ')}
        onChange={(value) =>
          onChange({
            path,
            oneOf: value
              .split(',')
              .map((part) => part.trim())
              .filter(Boolean),
          })
        }
      />
    );
  const equals = condition.equals;
  if (answer.kind === 'yesNo')
    return (
      <SelectField
        label="…is answered"
        path={`${at}.equals`}
        value={equals === false ? 'No' : 'Yes'}
        options={[
          ['Yes', 'Yes'],
          ['No', 'No'],
        ]}
        onChange={(value) => onChange({ path, equals: value === 'Yes' })}
      />
    );
  const value = String(equals ?? '');
  if (answer.kind === 'choice' && answer.options)
    return (
      <SelectField
        label="…is answered"
        path={`${at}.equals`}
        value={value}
        options={[
          ...answer.options.map(
            (option) => [option.value, option.name] as const,
          ),
          ...(answer.options.some((option) => option.value === value)
            ? []
            : [[value, value] as const]),
        ]}
        onChange={(chosen) => onChange({ path, equals: chosen })}
      />
    );
  return (
    <TextField
      label="…is answered"
      path={`${at}.equals`}
      value={value}
      onChange={(typed) => onChange({ path, equals: typed })}
    />
  );
}
