import { platformKeys } from '#engine/platforms.ts';
import { CheckField, IssuesUnder, TextField } from './form-fields.tsx';
import { FooterLinks } from './footer-links.tsx';
import { FormCheck } from './form-check.tsx';
import type { FormEditor } from './use-form-editor.ts';

/** Title, language, sign-up address and what happens at the end. */
export function GeneralSettings({ editor }: { editor: FormEditor }) {
  const config = editor.config;
  if (!config) return null;
  return (
    <section className="form-editor__section" aria-labelledby="general-heading">
      <h2 id="general-heading">General</h2>
      <TextField
        label="Title"
        path="title"
        value={config.title}
        onChange={(value) => editor.edit((draft) => (draft.title = value))}
      />
      <TextField
        label="Language (like en or de)"
        path="lang"
        value={config.lang}
        onChange={(value) => editor.edit((draft) => (draft.lang = value))}
      />
      <TextField
        label="Sign-up address"
        path="signInUrl"
        value={config.signInUrl}
        onChange={(value) => editor.edit((draft) => (draft.signInUrl = value))}
      />
      <FormCheck
        editor={editor}
        name="skipFinalStep"
        label="Skip the last step (send when the applicant continues from the last form step)"
      />
      <FormCheck
        editor={editor}
        name="insights"
        label="Count visits, steps and refused answers for Insights (anonymous, no cookie)"
      />
      <FooterLinks editor={editor} config={config} />
      <fieldset className="form-editor__rules">
        <legend>Platforms</legend>
        <IssuesUnder path="platforms.offered" />
        {platformKeys.map((key) => (
          <div key={key} className="form-editor__platform">
            <CheckField
              label={`Offer ${key}`}
              path={`platforms.offered`}
              checked={config.platforms.offered.includes(key)}
              onChange={(checked) =>
                editor.edit((draft) => {
                  const { platforms } = draft;
                  platforms.offered = checked
                    ? [...platforms.offered, key]
                    : platforms.offered.filter((other) => other !== key);
                  if (!checked)
                    platforms.required = platforms.required.filter(
                      (other) => other !== key,
                    );
                })
              }
            />
            <CheckField
              label={`Require ${key}`}
              path={`platforms.required`}
              checked={config.platforms.required.includes(key)}
              onChange={(checked) =>
                editor.edit((draft) => {
                  const { platforms } = draft;
                  platforms.required = checked
                    ? [...platforms.required, key]
                    : platforms.required.filter((other) => other !== key);
                })
              }
            />
          </div>
        ))}
      </fieldset>
    </section>
  );
}
