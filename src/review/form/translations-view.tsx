import './settings.css';
import './translations.css';
import { memo, useMemo } from 'react';
import type { WizardConfig } from '#engine/config-schema.ts';
import { directionOf, languagesOf } from '#engine/languages/language-tags.ts';
import { TranslationFileTools } from './translation-file-tools.tsx';
import { TranslationLanguageList } from './translation-language-list.tsx';
import {
  languageWords,
  translatedLanguage,
  type Translating,
} from './translation-languages.ts';
import {
  dropStranded,
  progressWords,
  strandedPaths,
  translationGroups,
  translationRows,
  writeTranslation,
  type TranslationRow,
} from './translation-rows.ts';
import type { FormEditor } from './use-form-editor.ts';

/** Which language the Translations view shows, and whether only the texts it still lacks. */

/**
 * The Translations view: the form's languages, and for one of them each text of the form (read
 * only) beside its translation, grouped as the editor shows the form.
 */
export function TranslationsView({
  editor,
  config,
  translating,
  onTranslating,
}: {
  editor: FormEditor;
  config: WizardConfig;
  translating: Translating;
  onTranslating: (translating: Translating) => void;
}) {
  const tag = translatedLanguage(config, translating.tag);
  const rows = useMemo(
    () => (tag === null ? [] : translationRows(config, tag)),
    [config, tag],
  );
  const groups = useMemo(
    () => translationGroups(config, rows, translating.onlyMissing),
    [config, rows, translating.onlyMissing],
  );
  const others = languagesOf(config).slice(1);
  const stranded = tag === null ? [] : strandedPaths(config, tag);
  return (
    <section
      className="form-editor__section form-settings translations"
      aria-labelledby="translations-heading"
    >
      <h2 id="translations-heading">Translations</h2>
      <TranslationLanguageList
        editor={editor}
        config={config}
        onAdded={(added) => onTranslating({ ...translating, tag: added })}
      />
      {tag === null ? (
        <p className="form-editor__note">
          Add a language to translate the form into it.
        </p>
      ) : (
        <>
          <div className="translations__tools">
            <label>
              <span>Translate into</span>{' '}
              <select
                value={tag}
                onChange={(event) =>
                  onTranslating({ ...translating, tag: event.target.value })
                }
              >
                {others.map((each) => (
                  <option key={each} value={each}>
                    {languageWords(each)}
                  </option>
                ))}
              </select>
            </label>
            <p id="translation-progress">{progressWords(rows)}</p>
            <label>
              <input
                type="checkbox"
                checked={translating.onlyMissing}
                onChange={(event) =>
                  onTranslating({
                    ...translating,
                    onlyMissing: event.target.checked,
                  })
                }
              />{' '}
              Only missing
            </label>
          </div>
          <TranslationFileTools editor={editor} tag={tag} rows={rows} />
          {stranded.length > 0 && (
            <p className="form-editor__issue">
              {stranded.length === 1
                ? '1 translation is of a text the form no longer has'
                : `${stranded.length} translations are of texts the form no longer has`}{' '}
              ({stranded.join(', ')}); publishing refuses them.{' '}
              <button
                type="button"
                className="button button--outlined"
                onClick={() => editor.edit((draft) => dropStranded(draft, tag))}
              >
                Remove them
              </button>
            </p>
          )}
          {groups.length === 0 && (
            <p className="form-editor__note">Every text is translated.</p>
          )}
          {groups.map((group) => (
            <section
              key={group.heading}
              className="translations__group"
              aria-label={group.heading}
            >
              <h3>{group.heading}</h3>
              {group.rows.map((row) => (
                <TranslationField
                  key={row.path}
                  row={row}
                  own={config.lang}
                  tag={tag}
                  edit={editor.edit}
                />
              ))}
            </section>
          ))}
        </>
      )}
    </section>
  );
}

/** One text: the form's own words on the left, the translation typed on the right. */
const TranslationField = memo(function TranslationField({
  row,
  own,
  tag,
  edit,
}: {
  row: TranslationRow;
  own: string;
  tag: string;
  edit: FormEditor['edit'];
}) {
  const id = `translation-${row.path}`;
  const field = `translations.${tag}.${row.path}`;
  const props = {
    id,
    lang: tag,
    dir: directionOf(tag),
    value: row.translation,
    placeholder: row.builtIn,
    'aria-describedby': `${id}-source`,
    'data-field': field,
  };
  const change = (value: string) =>
    edit((draft) => writeTranslation(draft, tag, row.path, value), { field });
  return (
    <div
      className={`translations__row${row.isMissing ? ' translations__row--missing' : ''}`}
    >
      <div className="translations__source">
        <label htmlFor={id}>{row.label}</label>
        <p id={`${id}-source`} lang={own}>
          {row.source}
        </p>
        {row.isMissing && (
          <p className="translations__missing">Not translated</p>
        )}
      </div>
      {row.isLong ? (
        <textarea
          {...props}
          rows={4}
          onChange={(event) => change(event.target.value)}
        />
      ) : (
        <input {...props} onChange={(event) => change(event.target.value)} />
      )}
    </div>
  );
});
