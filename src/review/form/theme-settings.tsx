import './settings.css';
import { defaultTheme, type ThemeKey } from '#engine/theme-colours.ts';
import { SelectField, TextField } from './form-fields.tsx';
import {
  contrastChecksOf,
  formatRatio,
  shownColour,
  shownColourWords,
  themeColourWords,
} from './theme-contrast.ts';
import type { FormEditor } from './use-form-editor.ts';

/** Each colour: a swatch, its hex value, a picker, and its contrast with the colours it meets, passed or failed. */
export function ThemeSettings({ editor }: { editor: FormEditor }) {
  const config = editor.config;
  if (!config) return null;
  const setColour = (key: ThemeKey, value: string) =>
    editor.edit((draft) => {
      if (value) draft.theme[key] = value;
      else delete draft.theme[key];
    });
  return (
    <section
      className="form-editor__section form-settings"
      aria-labelledby="theme-heading"
    >
      <h2 id="theme-heading">Colours</h2>
      <p className="form-editor__note">
        Text needs a contrast of at least 4.5:1 with what is behind it (WCAG
        AA), so everyone can read it.
      </p>
      {(Object.keys(defaultTheme) as ThemeKey[]).map((key) => {
        const shown = shownColour(config.theme, key);
        return (
          <div
            key={key}
            className="form-settings__colour"
            role="group"
            aria-label={themeColourWords[key]}
          >
            <span
              className="form-settings__swatch"
              style={{ background: shown }}
              aria-hidden="true"
            />
            <TextField
              label={`${themeColourWords[key]}, as #rrggbb`}
              path={`theme.${key}`}
              value={config.theme[key]}
              placeholder={defaultTheme[key]}
              onChange={(value) => setColour(key, value)}
            />
            <input
              type="color"
              className="form-settings__picker"
              aria-label={`Pick the ${themeColourWords[key].toLowerCase()}`}
              value={shown}
              onChange={(event) => setColour(key, event.target.value)}
            />
            <p className="form-settings__hex">
              Shown: {shownColourWords(config.theme, key)}
            </p>
            <ul className="form-settings__contrasts">
              {contrastChecksOf(config.theme, key).map((check) => (
                <li key={check.pair}>
                  {check.pair}:{' '}
                  {check.ratio === null ? (
                    'not a colour yet'
                  ) : (
                    <>
                      <span className="form-settings__ratio">
                        {formatRatio(check.ratio)}
                      </span>{' '}
                      <span
                        className={`stage-pill stage-pill--${check.passes ? 'accepted' : 'declined'}`}
                      >
                        {check.passes ? 'Passes' : 'Fails'}
                      </span>
                    </>
                  )}
                </li>
              ))}
            </ul>
          </div>
        );
      })}
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
    </section>
  );
}
