import type { Condition } from '#engine/config-schema.ts';
import { SelectField, TextField } from './form-fields.tsx';

export function ConditionEditor({
  label,
  at,
  condition,
  answers,
  onChange,
}: {
  label: string;
  at: string;
  condition: Condition | undefined;
  answers: ReadonlyArray<readonly [string, string]>;
  onChange: (condition: Condition | undefined) => void;
}) {
  const equals = condition && 'equals' in condition ? condition.equals : '';
  // A yes/no answer is true or false; it reads as the applicant saw it.
  const value =
    equals === true ? 'Yes' : equals === false ? 'No' : String(equals);
  return (
    <div className="form-editor__condition">
      <SelectField
        label={label}
        path={`${at}.path`}
        value={condition?.path ?? ''}
        options={[['', 'Always'], ...answers]}
        onChange={(path) =>
          onChange(
            path ? { path, equals: equals === '' ? true : equals } : undefined,
          )
        }
      />
      {condition && (
        <TextField
          label="…is answered"
          path={`${at}.equals`}
          value={value}
          onChange={(equals) =>
            onChange({
              path: condition.path,
              equals:
                equals === 'Yes' ? true : equals === 'No' ? false : equals,
            })
          }
        />
      )}
    </div>
  );
}
