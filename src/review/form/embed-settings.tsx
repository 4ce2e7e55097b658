import { useId, useState } from 'react';
import type { WizardConfig } from '#engine/config-schema.ts';
import { CheckField, IssuesUnder } from './form-fields.tsx';
import {
  hiddenFieldNameProblem,
  hiddenFieldRows,
  withHiddenField,
  withoutHiddenField,
} from './hidden-field-list.ts';
import type { FormEditor } from './use-form-editor.ts';

/** The values the form records from its address without asking: `ref` always, and the form's own. */
export function HiddenFieldsSettings({
  editor,
  config,
}: {
  editor: FormEditor;
  config: WizardConfig;
}) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // A form published before hidden fields existed has none listed.
  const listed: readonly string[] = config.hiddenFields ?? [];
  return (
    <fieldset className="form-settings__group">
      <legend>Hidden fields</legend>
      <p id={`${id}-hint`} className="form-editor__small">
        Recorded from the form’s address without asking, such as
        ?partner=hotel-du-lac, and from a web page that embeds the form; shown
        with each application and filtered on in the inbox.
      </p>
      <IssuesUnder path="hiddenFields" />
      <ul className="form-settings__hidden">
        {hiddenFieldRows(listed).map(({ name, isAlways }) => (
          <li key={name}>
            <code>{name}</code>
            {isAlways ? (
              <span className="form-editor__small">
                Always recorded: a partner’s reference
              </span>
            ) : (
              <>
                <IssuesUnder path={`hiddenFields[${listed.indexOf(name)}]`} />
                <button
                  type="button"
                  className="button button--outlined"
                  aria-label={`Remove hidden field ${name}`}
                  onClick={() =>
                    editor.edit((draft) => {
                      draft.hiddenFields = withoutHiddenField(
                        draft.hiddenFields ?? [],
                        name,
                      );
                    })
                  }
                >
                  Remove
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      <form
        className="form-settings__hidden-add"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const refused = hiddenFieldNameProblem(typed, listed);
          setProblem(refused);
          if (refused) return;
          editor.edit((draft) => {
            draft.hiddenFields = withHiddenField(
              draft.hiddenFields ?? [],
              typed,
            );
          });
          setTyped('');
        }}
      >
        <label htmlFor={`${id}-name`}>Name of a hidden field</label>
        <input
          id={`${id}-name`}
          value={typed}
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${id}-problem` : `${id}-hint`}
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" className="button button--outlined">
          Add
        </button>
        {problem && (
          <p id={`${id}-problem`} className="form-editor__issue" role="alert">
            {problem}
          </p>
        )}
      </form>
    </fieldset>
  );
}

/** Inside another site's frame that site shows its own logo and footer; the form's may be kept. */
export function EmbedSettings({
  editor,
  config,
}: {
  editor: FormEditor;
  config: WizardConfig;
}) {
  // A form published before these options existed has none: both off, as the check's default.
  const options = {
    logo: false,
    footer: false,
    ...(config.embed as Partial<WizardConfig['embed']> | undefined),
  };
  const set = (part: keyof typeof options, checked: boolean) =>
    editor.edit((draft) => {
      draft.embed = { ...options, ...draft.embed, [part]: checked };
    });
  return (
    <fieldset className="form-settings__group">
      <legend>Embedded on another site</legend>
      <CheckField
        label="Show the logo inside the frame"
        path="embed.logo"
        checked={options.logo}
        onChange={(checked) => set('logo', checked)}
      />
      <CheckField
        label="Show the footer inside the frame"
        path="embed.footer"
        checked={options.footer}
        onChange={(checked) => set('footer', checked)}
      />
    </fieldset>
  );
}
