import './settings.css';
import type { WizardConfig } from '#engine/config-schema.ts';
import { TextField } from './form-fields.tsx';
import { FormCheck } from './form-check.tsx';
import { moved } from './sortable-list.tsx';
import type { FormEditor } from './use-form-editor.ts';

/** The links under every step, in order, and where the footer's text sits. */
export function FooterLinks({
  editor,
  config,
}: {
  editor: FormEditor;
  config: WizardConfig;
}) {
  const editLinks = (change: (links: WizardConfig['footerLinks']) => void) =>
    editor.edit((draft) => change(draft.footerLinks));
  return (
    <fieldset className="form-settings__group">
      <legend>Footer links</legend>
      {config.footerLinks.map((link, index) => (
        // A link is its place in the footer: titles and addresses change as they are typed.
        <div
          key={index}
          className="form-settings__link"
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
            className="button button--outlined"
            aria-label={`Move up link ${index + 1}, ${link.title}`}
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
            className="button button--outlined"
            aria-label={`Remove link ${index + 1}, ${link.title}`}
            onClick={() => editLinks((links) => links.splice(index, 1))}
          >
            Remove
          </button>
        </div>
      ))}
      <button
        type="button"
        className="button button--outlined"
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
