import type { WizardConfig } from '#engine/config-schema.ts';
import { defaultTexts, type TextKey } from '#engine/texts.ts';
import { TextField } from './form-fields.tsx';
import type { FormEditor } from './use-form-editor.ts';

/**
 * Where a text is kept when the form names it more specifically than in `texts`: the button
 * labels and the sending error, which win over `texts` in the wizard, so they are edited there.
 */
const specificTexts = {
  continue: 'continue',
  signIn: 'signIn',
  back: 'back',
} as const satisfies Partial<Record<TextKey, keyof WizardConfig['buttonText']>>;

const isButtonText = (key: TextKey): key is keyof typeof specificTexts =>
  key in specificTexts;

/** Every message the wizard shows, blank for its English default. */
export function TextsSettings({ editor }: { editor: FormEditor }) {
  const config = editor.config;
  if (!config) return null;
  return (
    <section className="form-editor__section" aria-labelledby="texts-heading">
      <h2 id="texts-heading">Texts and messages</h2>
      {(Object.keys(defaultTexts) as TextKey[]).map((key) =>
        isButtonText(key) ? (
          <TextField
            key={key}
            label={key}
            path={`buttonText.${key}`}
            value={config.buttonText[key] ?? config.texts[key]}
            placeholder={defaultTexts[key]}
            onChange={(value) =>
              editor.edit((draft) => {
                delete draft.texts[key];
                if (value) draft.buttonText[key] = value;
                else delete draft.buttonText[key];
              })
            }
          />
        ) : key === 'submitError' ? (
          <TextField
            key={key}
            label={key}
            path="submitErrorText"
            value={config.submitErrorText ?? config.texts[key]}
            placeholder={defaultTexts[key]}
            onChange={(value) =>
              editor.edit((draft) => {
                delete draft.texts[key];
                if (value) draft.submitErrorText = value;
                else delete draft.submitErrorText;
              })
            }
          />
        ) : (
          <TextField
            key={key}
            label={key}
            path={`texts.${key}`}
            value={config.texts[key]}
            placeholder={defaultTexts[key]}
            onChange={(value) =>
              editor.edit((draft) => {
                if (value) draft.texts[key] = value;
                else delete draft.texts[key];
              })
            }
          />
        ),
      )}
    </section>
  );
}
