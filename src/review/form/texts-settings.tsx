import './settings.css';
import { defaultTexts } from '#engine/texts.ts';
import { TextField } from './form-fields.tsx';
import { textGroups } from './text-words.ts';
import {
  readText,
  textFieldLabel,
  textPath,
  textsByGroup,
  writeText,
} from './texts-model.ts';
import type { FormEditor } from './use-form-editor.ts';

/** Every message the wizard shows, grouped, each named by what it is and where; blank for its English default. */
export function TextsSettings({ editor }: { editor: FormEditor }) {
  const config = editor.config;
  if (!config) return null;
  return (
    <section
      className="form-editor__section form-settings"
      aria-labelledby="texts-heading"
    >
      <h2 id="texts-heading">Texts and messages</h2>
      <p className="form-editor__note">
        Leave a text blank to keep the English shown in grey.
      </p>
      {textsByGroup().map(({ group, keys }) => (
        <fieldset key={group} className="form-settings__group">
          <legend>{textGroups[group]}</legend>
          {keys.map((key) => (
            <TextField
              key={key}
              label={textFieldLabel(key, config)}
              path={textPath(key)}
              value={readText(config, key)}
              placeholder={defaultTexts[key]}
              onChange={(value) =>
                editor.edit((draft) => writeText(draft, key, value))
              }
            />
          ))}
        </fieldset>
      ))}
    </section>
  );
}
