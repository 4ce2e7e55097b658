import { useState } from 'react';
import type { WizardConfig } from '#engine/config-schema.ts';
import {
  contrastRatio,
  defaultTheme,
  themeContrastPairs,
} from '#engine/config-schema.ts';
import { platformKeys } from '#engine/platforms.ts';
import { defaultTexts, type TextKey } from '#engine/texts.ts';
import {
  defaultTemplates,
  fillTemplate,
  templatePlaceholders,
  type Template,
  type TemplateName,
} from '#engine/email-templates.ts';
import {
  maxImageBytes,
  uploadFormImage,
  type FormImageQuery,
  type UploadedImage,
} from '#review-api/form.ts';
import { messageOf } from '#review/lib/api.ts';
import {
  CheckField,
  IssuesUnder,
  SelectField,
  TextField,
} from './form-fields.tsx';
import { moved } from './sortable-list.tsx';
import type { FormEditor } from './use-form-editor.ts';

/** The form's yes/no settings, each at a key of its own. */
type FormSwitch = {
  [Key in keyof WizardConfig]-?: WizardConfig[Key] extends boolean
    ? Key
    : never;
}[keyof WizardConfig];

function FormCheck({
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

/** The links under every step, in order, and where the footer's text sits. */
function FooterLinks({
  editor,
  config,
}: {
  editor: FormEditor;
  config: WizardConfig;
}) {
  const editLinks = (change: (links: WizardConfig['footerLinks']) => void) =>
    editor.edit((draft) => change(draft.footerLinks));
  return (
    <fieldset className="form-editor__rules">
      <legend>Footer links</legend>
      {config.footerLinks.map((link, index) => (
        // A link is its place in the footer: titles and addresses change as they are typed.
        <div
          key={index}
          className="form-editor__link"
          role="group"
          aria-label={`Footer link ${index + 1}`}
        >
          <TextField
            label={`Link ${index + 1} text`}
            path={`footerLinks[${index}].title`}
            value={link.title}
            onChange={(value) =>
              editLinks((links) => {
                const target = links[index];
                if (target) target.title = value;
              })
            }
          />
          <TextField
            label={`Link ${index + 1} address`}
            path={`footerLinks[${index}].url`}
            value={link.url}
            onChange={(value) =>
              editLinks((links) => {
                const target = links[index];
                if (target) target.url = value;
              })
            }
          />
          <button
            type="button"
            className="form-editor__small"
            aria-label={`Move link ${index + 1}, ${link.title}, up`}
            disabled={index === 0}
            onClick={() =>
              editor.edit((draft) => {
                draft.footerLinks = moved(draft.footerLinks, index, index - 1);
              })
            }
          >
            Move up
          </button>
          <button
            type="button"
            className="form-editor__small"
            aria-label={`Remove link ${index + 1}, ${link.title}`}
            onClick={() => editLinks((links) => links.splice(index, 1))}
          >
            Remove
          </button>
        </div>
      ))}
      <button
        type="button"
        className="form-editor__small"
        onClick={() =>
          editLinks((links) =>
            links.push({ title: 'New link', url: 'https://' }),
          )
        }
      >
        Add a link
      </button>
      <FormCheck
        editor={editor}
        name="centerFooterText"
        label="Centre the footer"
      />
    </fieldset>
  );
}

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

type ThemeKey = keyof typeof defaultTheme;

const isColour = (value: string) => /^#[0-9a-fA-F]{6}$/.test(value);

/** The theme's colours, with each text pair's contrast worked out as they are typed. */
export function ThemeSettings({ editor }: { editor: FormEditor }) {
  const config = editor.config;
  if (!config) return null;
  const colours = { ...defaultTheme, ...config.theme, white: '#ffffff' };
  return (
    <section className="form-editor__section" aria-labelledby="theme-heading">
      <h2 id="theme-heading">Colours</h2>
      {(Object.keys(defaultTheme) as ThemeKey[]).map((key) => (
        <div key={key} className="form-editor__colour">
          <input
            type="color"
            aria-label={`${key} colour picker`}
            value={isColour(colours[key]) ? colours[key] : defaultTheme[key]}
            onChange={(event) =>
              editor.edit((draft) => (draft.theme[key] = event.target.value))
            }
          />
          <TextField
            label={`${key} colour`}
            path={`theme.${key}`}
            value={config.theme[key]}
            placeholder={defaultTheme[key]}
            onChange={(value) =>
              editor.edit((draft) => {
                if (value) draft.theme[key] = value;
                else delete draft.theme[key];
              })
            }
          />
        </div>
      ))}
      <SelectField
        label="Back button"
        path="styleConfig.backButtonStyle"
        value={config.styleConfig.backButtonStyle}
        options={[
          ['plain', 'Plain'],
          ['outlined', 'Outlined'],
        ]}
        onChange={(value) =>
          editor.edit(
            (draft) =>
              (draft.styleConfig.backButtonStyle = value as
                'plain' | 'outlined'),
          )
        }
      />
      <SelectField
        label="Back arrow"
        path="styleConfig.backArrowStyle"
        value={config.styleConfig.backArrowStyle}
        options={[
          ['dark', 'Dark, for light covers'],
          ['light', 'Light, for dark covers'],
        ]}
        onChange={(value) =>
          editor.edit(
            (draft) =>
              (draft.styleConfig.backArrowStyle = value as 'dark' | 'light'),
          )
        }
      />
      <table className="form-editor__contrast">
        <caption>Contrast (WCAG AA asks 4.5:1 for text)</caption>
        <tbody>
          {themeContrastPairs.map(([foreground, background]) => {
            const pair = [colours[foreground], colours[background]];
            const ratio = pair.every(isColour)
              ? contrastRatio(pair[0] ?? '', pair[1] ?? '')
              : null;
            return (
              <tr key={`${foreground}-${background}`}>
                <th scope="row">
                  {foreground} on {background}
                </th>
                <td>
                  {ratio === null
                    ? 'not a colour'
                    : `${ratio.toFixed(2)}:1 ${ratio >= 4.5 ? 'passes' : 'fails'}`}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

async function uploadImage(
  file: File,
  use: NonNullable<FormImageQuery['for']>,
): Promise<UploadedImage> {
  const body = new FormData();
  body.append('image', file);
  const response = await fetch(`${uploadFormImage.path}?for=${use}`, {
    method: 'POST',
    body,
    credentials: 'same-origin',
  });
  const answer = (await response.json().catch(() => ({}))) as
    UploadedImage | { message?: string };
  if (!response.ok)
    throw new Error(
      ('message' in answer && answer.message) ||
        'The image could not be uploaded. Try again.',
    );
  return answer as UploadedImage;
}

/** The cover images, uploaded here; each needs its alternative text. */
export function ImagesSettings({ editor }: { editor: FormEditor }) {
  const config = editor.config;
  // An upload's outcome, shown beside the place it was for: the logo (null) or a cover's index.
  const [outcome, setOutcome] = useState<{
    at: number | null;
    text: string;
    isError: boolean;
  } | null>(null);
  if (!config) return null;
  const outcomeAt = (at: number | null) => {
    const shown = outcome?.at === at ? outcome : null;
    return (
      <>
        <p role="status">{shown && !shown.isError && shown.text}</p>
        <p role="alert" className="form-editor__issue">
          {shown?.isError && shown.text}
        </p>
      </>
    );
  };
  /** Uploads `file` as the logo (no index) or as the cover at `index`. */
  const onFile = async (index: number | null, file: File | undefined) => {
    if (!file) return;
    if (file.size > maxImageBytes) {
      setOutcome({
        at: index,
        text: 'The image is larger than 10 MB. Make it smaller and try again.',
        isError: true,
      });
      return;
    }
    setOutcome({ at: index, text: 'Uploading…', isError: false });
    try {
      const image = await uploadImage(file, index === null ? 'logo' : 'cover');
      editor.edit((draft) => {
        if (index === null)
          draft.logo = {
            src: image.src,
            width: image.width,
            height: image.height,
            alt: draft.logo?.alt ?? draft.title,
          };
        else
          draft.coverImages[index] = {
            ...image,
            alt: draft.coverImages[index]?.alt ?? '',
          };
      });
      setOutcome({
        at: index,
        text:
          index === null ? 'Logo uploaded.' : `Cover ${index + 1} uploaded.`,
        isError: false,
      });
    } catch (failure) {
      setOutcome({
        at: index,
        text:
          messageOf(failure) === 'Something went wrong. Try again.'
            ? (failure as Error).message
            : messageOf(failure),
        isError: true,
      });
    }
  };
  const { logo } = config;
  return (
    <section className="form-editor__section" aria-labelledby="images-heading">
      <h2 id="images-heading">Logo and cover images</h2>
      <h3>Logo</h3>
      <div className="form-editor__cover">
        {logo && (
          <img
            className="form-editor__logo"
            src={logo.src}
            alt=""
            width={logo.width}
            height={logo.height}
          />
        )}
        <div>
          <label className="form-editor__upload">
            Upload a logo
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp,image/avif"
              onChange={(event) => void onFile(null, event.target.files?.[0])}
            />
          </label>
          {outcomeAt(null)}
          {logo && (
            <>
              <TextField
                label="Logo description (the organisation’s name)"
                path="logo.alt"
                value={logo.alt}
                onChange={(value) =>
                  editor.edit((draft) => {
                    if (draft.logo) draft.logo.alt = value;
                  })
                }
              />
              <button
                type="button"
                className="form-editor__small"
                onClick={() => editor.edit((draft) => delete draft.logo)}
              >
                Remove the logo
              </button>
            </>
          )}
        </div>
      </div>
      <FormCheck
        editor={editor}
        name="showLogo"
        label="Show the logo above each step"
      />
      <FormCheck editor={editor} name="centerLogo" label="Centre the logo" />
      <h3>Cover images</h3>
      <IssuesUnder path="coverImages" />
      <CheckField
        label="One cover for every step"
        path="singleCoverImg"
        checked={config.singleCoverImg}
        onChange={(checked) =>
          editor.edit((draft) => {
            draft.singleCoverImg = checked;
            draft.coverImages = checked
              ? draft.coverImages.slice(0, 1)
              : [0, 1, 2, 3].map(
                  (index) =>
                    draft.coverImages[index] ??
                    structuredClone(
                      draft.coverImages[0] ?? {
                        src: '/images/cover-0-800.webp',
                        alt: '',
                        width: 1200,
                        height: 1500,
                        sources: [],
                      },
                    ),
                );
          })
        }
      />
      {config.coverImages.map((cover, index) => (
        // The covers are a fixed set of places: their position is their identity.
        <div key={index} className="form-editor__cover">
          <img src={cover.src} alt="" width={96} height={120} />
          <div>
            <label className="form-editor__upload">
              Upload cover {index + 1}
              <input
                type="file"
                accept="image/jpeg,image/png,image/webp,image/avif"
                onChange={(event) =>
                  void onFile(index, event.target.files?.[0])
                }
              />
            </label>
            {outcomeAt(index)}
            <TextField
              label={`Cover ${index + 1} description (alternative text)`}
              path={`coverImages[${index}].alt`}
              value={cover.alt}
              onChange={(value) =>
                editor.edit((draft) => {
                  const target = draft.coverImages[index];
                  if (target) target.alt = value;
                })
              }
            />
          </div>
        </div>
      ))}
    </section>
  );
}

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
};

const templateTitles: Record<TemplateName, string> = {
  newApplication: 'To staff: a new application',
  receipt: 'To the applicant: we have your application',
  accepted: 'To the applicant: accepted',
  declined: 'To the applicant: declined',
  digest: 'To staff: the daily digest',
};

type Notifications = {
  confirmApplicant?: boolean;
  templates?: Partial<Record<TemplateName, Partial<Template>>>;
  [key: string]: unknown;
};

/** The e-mails' texts with their placeholders, each shown filled in for a sample application. */
export function EmailSettings({ editor }: { editor: FormEditor }) {
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
    <section className="form-editor__section" aria-labelledby="emails-heading">
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
          organisation,
        });
        return (
          <fieldset key={name} className="form-editor__rules">
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
