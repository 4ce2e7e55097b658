import type { Block } from '#engine/config-schema.ts';
import { CheckField, SelectField, TextField } from './form-fields.tsx';

const builtInLists = [
  ['countries', 'Countries'],
  ['usStates', 'US states'],
  ['caProvinces', 'Canadian provinces'],
] as const;

export function OptionsEditor({
  block,
  at,
  setData,
}: {
  block: Extract<Block, { component: 'select' }>;
  at: string;
  setData: (key: string, value: unknown) => void;
}) {
  const { options } = block.data;
  const source =
    typeof options === 'string'
      ? options
      : Array.isArray(options)
        ? 'typed'
        : 'answer';
  return (
    <>
      <SelectField
        label="Options"
        path={`${at}.options`}
        value={source}
        options={[
          ['typed', 'Typed here'],
          ...builtInLists,
          ...(source === 'answer'
            ? [['answer', 'Following another answer'] as const]
            : []),
        ]}
        onChange={(value) =>
          setData(
            'options',
            value === 'typed'
              ? [{ name: 'First option', value: 'First option' }]
              : value,
          )
        }
      />
      {Array.isArray(options) && (
        <TextField
          label="Options, one a line (paste a list here)"
          path={`${at}.options`}
          isMultiline
          value={options.map((option) => option.name).join('\n')}
          onChange={(value) =>
            setData(
              'options',
              value
                .split('\n')
                .map((line) => line.trim())
                .filter(Boolean)
                .map((line) => ({ name: line, value: line })),
            )
          }
        />
      )}
      <CheckField
        label="Several may be chosen"
        path={`${at}.multiple`}
        checked={block.data.multiple}
        onChange={(checked) => setData('multiple', checked)}
      />
    </>
  );
}
