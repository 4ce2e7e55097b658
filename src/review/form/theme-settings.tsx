import {
  contrastRatio,
  defaultTheme,
  themeContrastPairs,
} from '#engine/config-schema.ts';
import { SelectField, TextField } from './form-fields.tsx';
import type { FormEditor } from './use-form-editor.ts';

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
