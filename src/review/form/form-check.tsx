import type { WizardConfig } from '#engine/config-schema.ts';
import { CheckField } from './form-fields.tsx';
import type { FormEditor } from './use-form-editor.ts';

/** The form's yes/no settings, each at a key of its own. */
type FormSwitch = {
  [Key in keyof WizardConfig]-?: WizardConfig[Key] extends boolean
    ? Key
    : never;
}[keyof WizardConfig];

export function FormCheck({
  editor,
  name,
  label,
}: {
  editor: FormEditor;
  name: FormSwitch;
  label: string;
}) {
  return (
    <CheckField
      label={label}
      path={name}
      checked={editor.config?.[name] ?? false}
      onChange={(checked) =>
        editor.edit((draft) => {
          draft[name] = checked;
        })
      }
    />
  );
}
