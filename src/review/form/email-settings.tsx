import './settings.css';
import {
  defaultTemplates,
  fillTemplate,
  templatePlaceholders,
  type Template,
  type TemplateName,
} from '#engine/email-templates.ts';
import { useCalls } from '#review/lib/use-calls.ts';
import { useEditedCall } from './edited-call.ts';
import { templateTitles } from './email-words.ts';
import { CheckField, TextField } from './form-fields.tsx';
import type { FormEditor } from './use-form-editor.ts';

/** What the sample application fills the placeholders with. */
const sampleValues: Record<string, string> = {
  firstName: 'Ada',
  name: 'Ada Lovelace',
  country: 'United Kingdom',
  platforms: 'Instagram @ada.travels (12,000)',
  reach: '12,000',
  applicationUrl: 'https://apply.example.org/review?open=…',
  count: '3',
  list: '- Ada Lovelace (United Kingdom), 12,000\n- Grace Hopper (United States), 48,000',
  workspaceUrl: 'https://apply.example.org/review',
  myPageUrl: 'https://apply.example.org/me',
};

type Notifications = {
  confirmApplicant?: boolean;
  templates?: Partial<Record<TemplateName, Partial<Template>>>;
  [key: string]: unknown;
};

/** The e-mails' texts with their placeholders, each shown filled in for a sample application. */
export function EmailSettings({ editor }: { editor: FormEditor }) {
  const slug = useEditedCall();
  const callTitle =
    useCalls().data?.find((each) => each.slug === slug)?.title ?? '';
  const config = editor.config;
  if (!config) return null;
  const notifications = (config.notifications ?? {}) as Notifications;
  const organisation = config.logo?.alt ?? config.title;
  const editTemplate = (
    name: TemplateName,
    part: keyof Template,
    value: string,
  ) =>
    editor.edit((draft) => {
      const next = structuredClone(
        (draft.notifications ?? {}) as Notifications,
      );
      const templates = (next.templates ??= {});
      const template = { ...defaultTemplates[name], ...templates[name] };
      template[part] = value;
      templates[name] = template;
      draft.notifications = next;
    });
  return (
    <section
      className="form-editor__section form-settings"
      aria-labelledby="emails-heading"
    >
      <h2 id="emails-heading">E-mails</h2>
      <CheckField
        label="Send applicants a receipt"
        path="notifications.confirmApplicant"
        checked={notifications.confirmApplicant === true}
        onChange={(checked) =>
          editor.edit((draft) => {
            draft.notifications = {
              ...((draft.notifications ?? {}) as Notifications),
              confirmApplicant: checked,
            };
          })
        }
      />
      {(Object.keys(templatePlaceholders) as TemplateName[]).map((name) => {
        const template = {
          ...defaultTemplates[name],
          ...notifications.templates?.[name],
        };
        const sample = fillTemplate(template, {
          ...sampleValues,
          callTitle,
          organisation,
        });
        return (
          <fieldset key={name} className="form-settings__group">
            <legend>{templateTitles[name]}</legend>
            <p className="form-editor__note">
              Placeholders:{' '}
              {templatePlaceholders[name].map((key) => `{${key}}`).join(' ')}
            </p>
            <TextField
              label="Subject"
              path={`notifications.templates.${name}.subject`}
              value={template.subject}
              onChange={(value) => editTemplate(name, 'subject', value)}
            />
            <TextField
              label="Text"
              path={`notifications.templates.${name}.body`}
              value={template.body}
              isMultiline
              onChange={(value) => editTemplate(name, 'body', value)}
            />
            <div
              className="form-editor__sample"
              aria-label={`Sample: ${templateTitles[name]}`}
              role="group"
            >
              <strong>{sample.subject}</strong>
              <pre>{sample.body}</pre>
            </div>
          </fieldset>
        );
      })}
    </section>
  );
}
