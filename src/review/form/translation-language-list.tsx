import { useId, useState } from 'react';
import type { WizardConfig } from '#engine/config-schema.ts';
import { languagesOf } from '#engine/languages/language-tags.ts';
import {
  addLanguage,
  checkedTag,
  languagesToAdd,
  languageWords,
  removeLanguage,
} from './translation-languages.ts';
import type { FormEditor } from './use-form-editor.ts';

/**
 * The languages the form is offered in, its own first: one more added from a list of common ones
 * or by its tag, and one removed (with its translations, after asking).
 */
export function TranslationLanguageList({
  editor,
  config,
  onAdded,
}: {
  editor: FormEditor;
  config: WizardConfig;
  onAdded: (tag: string) => void;
}) {
  const [removing, setRemoving] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState('');
  const choices = languagesToAdd(config);
  const [chosen, setChosen] = useState('');
  const id = useId();
  const add = (tag: string) => {
    editor.edit((draft) => addLanguage(draft, tag));
    onAdded(tag);
  };
  const [own, ...others] = languagesOf(config);
  return (
    <fieldset className="form-settings__group translations__languages">
      <legend>Languages</legend>
      <ul>
        <li>
          {languageWords(own ?? config.lang)}: the form’s own language (change
          it under General)
        </li>
        {others.map((tag) => {
          const count = Object.keys(config.translations[tag] ?? {}).length;
          return (
            <li key={tag}>
              {languageWords(tag)}{' '}
              {removing === tag ? (
                <span role="group" aria-label={`Remove ${languageWords(tag)}`}>
                  Remove it and its {count}{' '}
                  {count === 1 ? 'translation' : 'translations'}?{' '}
                  <button
                    type="button"
                    className="button button--outlined"
                    onClick={() => {
                      editor.edit((draft) => removeLanguage(draft, tag));
                      setRemoving(null);
                    }}
                  >
                    Remove
                  </button>{' '}
                  <button
                    type="button"
                    className="button button--outlined"
                    onClick={() => setRemoving(null)}
                  >
                    Keep
                  </button>
                </span>
              ) : (
                <button
                  type="button"
                  className="button button--link"
                  aria-label={`Remove ${languageWords(tag)}`}
                  onClick={() => setRemoving(tag)}
                >
                  Remove
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <div className="translations__add">
        <label htmlFor={`${id}-pick`}>Add a language</label>
        <select
          id={`${id}-pick`}
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
        >
          <option value="">Choose one</option>
          {choices.map(({ tag, words }) => (
            <option key={tag} value={tag}>
              {words}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button button--outlined"
          disabled={chosen === ''}
          onClick={() => {
            add(chosen);
            setChosen('');
          }}
        >
          Add
        </button>
      </div>
      <form
        className="translations__add"
        onSubmit={(event) => {
          event.preventDefault();
          const checked = checkedTag(config, typed);
          if ('problem' in checked) return setProblem(checked.problem);
          setProblem('');
          setTyped('');
          add(checked.tag);
        }}
      >
        <label htmlFor={`${id}-tag`}>Or its tag (like pt-BR)</label>
        <input
          id={`${id}-tag`}
          value={typed}
          aria-invalid={problem !== ''}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" className="button button--outlined">
          Add this language
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
