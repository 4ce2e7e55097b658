import './settings.css';
import { platformKeys, platformNames } from '#engine/platforms.ts';
import { EmbedSettings, HiddenFieldsSettings } from './embed-settings.tsx';
import { CheckField, IssuesUnder, TextField } from './form-fields.tsx';
import { FooterLinks } from './footer-links.tsx';
import { FormCheck } from './form-check.tsx';
import { withOffered, withRequired } from './platform-choices.ts';
import { setOwnLanguage } from './translation-languages.ts';
import type { FormEditor } from './use-form-editor.ts';

/** Title, language, sign-up address, what happens at the end, and what the address may carry. */
export function GeneralSettings({ editor }: { editor: FormEditor }) {
  const config = editor.config;
  if (!config) return null;
  return (
    <section
      className="form-editor__section form-settings"
      aria-labelledby="general-heading"
    >
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
        onChange={(value) =>
          editor.edit((draft) => setOwnLanguage(draft, value))
        }
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
      <FormCheck
        editor={editor}
        name="botCheck"
        label="Check that a person sends each application (a puzzle the applicant's browser solves unseen, checked by this server alone)"
      />
      <FooterLinks editor={editor} config={config} />
      <fieldset className="form-settings__group">
        <legend>Platforms</legend>
        <IssuesUnder path="platforms.offered" />
        {platformKeys.map((key) => (
          <div key={key} className="form-settings__platform">
            <CheckField
              label={`Offer ${platformNames[key]}`}
              path="platforms.offered"
              checked={config.platforms.offered.includes(key)}
              onChange={(checked) =>
                editor.edit((draft) => {
                  draft.platforms = withOffered(draft.platforms, key, checked);
                })
              }
            />
            <CheckField
              label={`Require ${platformNames[key]}`}
              path="platforms.required"
              checked={config.platforms.required.includes(key)}
              onChange={(checked) =>
                editor.edit((draft) => {
                  draft.platforms = withRequired(draft.platforms, key, checked);
                })
              }
            />
          </div>
        ))}
      </fieldset>
      <HiddenFieldsSettings editor={editor} config={config} />
      <EmbedSettings editor={editor} config={config} />
    </section>
  );
}
