import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { expect, test, vi } from 'vitest';
import type { SelectOption } from '#engine/config-schema.ts';
import { defaultTexts } from '#engine/texts.ts';
import { Combobox } from './combobox.tsx';
import { Field } from './field.tsx';

const options: SelectOption[] = [
  { name: 'United States', value: 'US' },
  { name: 'United Kingdom', value: 'GB' },
  { name: 'Jamaica', value: 'JM' },
  { name: 'Norway', value: 'NO' },
];

const texts = defaultTexts;

function SingleSelect({
  onChange,
  initial = '',
}: {
  onChange: (value: string) => void;
  initial?: string;
}) {
  const [value, setValue] = useState(initial);
  return (
    <Field label="Country" isRequired={false}>
      {(control) => (
        <Combobox
          control={control}
          options={options}
          texts={texts}
          value={value}
          onChange={(next) => {
            onChange(next);
            setValue(next);
          }}
        />
      )}
    </Field>
  );
}

function MultiSelect({
  onChange,
  max,
  initial = [],
}: {
  onChange: (value: string[]) => void;
  max?: number;
  initial?: string[];
}) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <Field label="Countries" isRequired={false}>
      {(control) => (
        <Combobox
          multiple
          control={control}
          options={options}
          texts={texts}
          value={value}
          max={max}
          onChange={(next) => {
            onChange(next);
            setValue(next);
          }}
        />
      )}
    </Field>
  );
}

const optionNames = () =>
  screen.queryAllByRole('option').map((option) => option.textContent);

test('shows the Select Option placeholder when closed and Search... when open', async () => {
  const user = userEvent.setup();
  render(<SingleSelect onChange={vi.fn()} />);
  const input = screen.getByRole('combobox', { name: 'Country' });
  expect(input).toHaveAttribute('placeholder', 'Select Option');
  expect(input).toHaveAttribute('aria-expanded', 'false');

  await user.click(input);

  expect(input).toHaveAttribute('placeholder', 'Search...');
  expect(input).toHaveAttribute('aria-expanded', 'true');
});

test('lists every option with role option inside a listbox when opened', async () => {
  const user = userEvent.setup();
  render(<SingleSelect onChange={vi.fn()} />);
  expect(screen.queryAllByRole('option')).toHaveLength(0);

  await user.click(screen.getByRole('combobox', { name: 'Country' }));

  const listbox = screen.getByRole('listbox');
  expect(
    within(listbox)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(options.map((option) => option.name));
});

test('searches the option names case-insensitively by substring', async () => {
  const user = userEvent.setup();
  render(<SingleSelect onChange={vi.fn()} />);

  await user.type(screen.getByRole('combobox', { name: 'Country' }), 'KING');

  expect(optionNames()).toEqual(['United Kingdom']);
});

test('matches the search anywhere in the name, not only at its start', async () => {
  const user = userEvent.setup();
  render(<SingleSelect onChange={vi.fn()} />);

  await user.type(screen.getByRole('combobox', { name: 'Country' }), 'ited');

  expect(optionNames()).toEqual(['United States', 'United Kingdom']);
});

test('shows No results found when nothing matches', async () => {
  const user = userEvent.setup();
  render(<SingleSelect onChange={vi.fn()} />);

  await user.type(
    screen.getByRole('combobox', { name: 'Country' }),
    'atlantis',
  );

  expect(screen.queryAllByRole('option')).toHaveLength(0);
  expect(screen.getByRole('status')).toHaveTextContent('No results found');
});

test('points to no option once nothing matches, and to the first match again when one does', async () => {
  const user = userEvent.setup();
  render(<SingleSelect onChange={vi.fn()} />);
  const input = screen.getByRole('combobox', { name: 'Country' });

  await user.type(input, 'nor');
  expect(input).toHaveAttribute(
    'aria-activedescendant',
    screen.getByRole('option', { name: 'Norway' }).id,
  );
  await user.keyboard('x');
  expect(input).toHaveAttribute('aria-activedescendant', '');
  await user.keyboard('{Backspace}');
  expect(input).toHaveAttribute(
    'aria-activedescendant',
    screen.getByRole('option', { name: 'Norway' }).id,
  );
});

test('does not show No results found while options match', async () => {
  const user = userEvent.setup();
  render(<SingleSelect onChange={vi.fn()} />);

  await user.type(screen.getByRole('combobox', { name: 'Country' }), 'nor');

  expect(optionNames()).toEqual(['Norway']);
  expect(screen.queryByText('No results found')).not.toBeInTheDocument();
});

test('selecting an option emits its value and the closed input shows its name', async () => {
  const user = userEvent.setup();
  const onChange = vi.fn();
  render(<SingleSelect onChange={onChange} />);
  const input = screen.getByRole('combobox', { name: 'Country' });

  await user.type(input, 'jam');
  await user.click(screen.getByRole('option', { name: 'Jamaica' }));

  expect(onChange).toHaveBeenCalledTimes(1);
  expect(onChange).toHaveBeenCalledWith('JM');
  expect(input).toHaveAttribute('aria-expanded', 'false');
  expect(input).toHaveValue('Jamaica');
  expect(input).toHaveAttribute('placeholder', 'Select Option');
});

test('marks the chosen option as selected when reopened', async () => {
  const user = userEvent.setup();
  render(<SingleSelect onChange={vi.fn()} initial="NO" />);
  const input = screen.getByRole('combobox', { name: 'Country' });
  expect(input).toHaveValue('Norway');

  await user.click(input);

  expect(screen.getByRole('option', { name: 'Norway' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  expect(screen.getByRole('option', { name: 'Jamaica' })).toHaveAttribute(
    'aria-selected',
    'false',
  );
});

test('in multi mode a click toggles an option on and a second click toggles it off', async () => {
  const user = userEvent.setup();
  const onChange = vi.fn();
  render(<MultiSelect onChange={onChange} />);
  await user.click(screen.getByRole('combobox', { name: 'Countries' }));
  expect(screen.getByRole('listbox')).toHaveAttribute(
    'aria-multiselectable',
    'true',
  );

  await user.click(screen.getByRole('option', { name: 'Norway' }));
  expect(onChange).toHaveBeenLastCalledWith(['NO']);
  expect(screen.getByRole('option', { name: 'Norway' })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  await user.click(screen.getByRole('option', { name: 'Jamaica' }));
  expect(onChange).toHaveBeenLastCalledWith(['NO', 'JM']);

  await user.click(screen.getByRole('option', { name: 'Norway' }));
  expect(onChange).toHaveBeenLastCalledWith(['JM']);
  expect(screen.getByRole('option', { name: 'Norway' })).toHaveAttribute(
    'aria-selected',
    'false',
  );
  expect(onChange).toHaveBeenCalledTimes(3);
});

test('in multi mode the list stays open after a pick', async () => {
  const user = userEvent.setup();
  render(<MultiSelect onChange={vi.fn()} />);
  const input = screen.getByRole('combobox', { name: 'Countries' });
  await user.click(input);

  await user.click(screen.getByRole('option', { name: 'Norway' }));

  expect(input).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getAllByRole('option')).toHaveLength(options.length);
});

test('in multi mode picking beyond the maximum is ignored', async () => {
  const user = userEvent.setup();
  const onChange = vi.fn();
  render(<MultiSelect onChange={onChange} max={2} />);
  await user.click(screen.getByRole('combobox', { name: 'Countries' }));
  await user.click(screen.getByRole('option', { name: 'Norway' }));
  await user.click(screen.getByRole('option', { name: 'Jamaica' }));
  expect(onChange).toHaveBeenLastCalledWith(['NO', 'JM']);

  await user.click(screen.getByRole('option', { name: 'United Kingdom' }));

  expect(onChange).toHaveBeenCalledTimes(2);
  expect(
    screen.getByRole('option', { name: 'United Kingdom' }),
  ).toHaveAttribute('aria-selected', 'false');
  expect(
    screen.getByRole('option', { name: 'United Kingdom' }),
  ).toHaveAttribute('aria-disabled', 'true');
  expect(screen.getAllByRole('button', { name: /^Remove / })).toHaveLength(2);
});

test('in multi mode at the maximum a note says why no more can be picked, tied to the input', async () => {
  const user = userEvent.setup();
  render(<MultiSelect onChange={vi.fn()} max={2} />);
  const input = screen.getByRole('combobox', { name: 'Countries' });
  await user.click(input);
  await user.click(screen.getByRole('option', { name: 'Norway' }));
  expect(screen.queryByText('You can choose up to 2')).not.toBeInTheDocument();
  expect(input).not.toHaveAccessibleDescription();

  await user.click(screen.getByRole('option', { name: 'Jamaica' }));

  expect(screen.getByText('You can choose up to 2')).toHaveRole('status');
  expect(input).toHaveAccessibleDescription('You can choose up to 2');
  await user.click(screen.getByRole('button', { name: 'Remove Jamaica' }));
  expect(screen.queryByText('You can choose up to 2')).not.toBeInTheDocument();
});

test('in multi mode a chosen option can still be removed at the maximum', async () => {
  const user = userEvent.setup();
  const onChange = vi.fn();
  render(<MultiSelect onChange={onChange} max={2} initial={['NO', 'JM']} />);
  await user.click(screen.getByRole('combobox', { name: 'Countries' }));

  await user.click(screen.getByRole('option', { name: 'Norway' }));

  expect(onChange).toHaveBeenLastCalledWith(['JM']);
});

test('in multi mode each chosen option is a chip with a Remove button', async () => {
  const user = userEvent.setup();
  const onChange = vi.fn();
  render(<MultiSelect onChange={onChange} initial={['GB', 'JM']} />);
  expect(
    screen.getByRole('button', { name: 'Remove United Kingdom' }),
  ).toBeInTheDocument();
  expect(
    screen.getByRole('button', { name: 'Remove Jamaica' }),
  ).toBeInTheDocument();

  await user.click(
    screen.getByRole('button', { name: 'Remove United Kingdom' }),
  );

  expect(onChange).toHaveBeenCalledWith(['JM']);
  expect(
    screen.queryByRole('button', { name: 'Remove United Kingdom' }),
  ).not.toBeInTheDocument();
  expect(
    screen.getByRole('button', { name: 'Remove Jamaica' }),
  ).toBeInTheDocument();
});

test('picks an option with the keyboard', async () => {
  const user = userEvent.setup();
  const onChange = vi.fn();
  render(<SingleSelect onChange={onChange} />);
  const input = screen.getByRole('combobox', { name: 'Country' });

  // Typing highlights the first match; the next is one step down.
  await user.type(input, 'united');
  await user.keyboard('{ArrowDown}{Enter}');

  expect(onChange).toHaveBeenCalledExactlyOnceWith('GB');
  expect(input).toHaveValue('United Kingdom');
});

test('Enter right after typing picks the first match', async () => {
  const user = userEvent.setup();
  const onChange = vi.fn();
  render(<SingleSelect onChange={onChange} />);
  const input = screen.getByRole('combobox', { name: 'Country' });

  await user.type(input, 'norw{Enter}');

  expect(onChange).toHaveBeenCalledExactlyOnceWith('NO');
  expect(input).toHaveValue('Norway');
});

test('Escape closes the list and shows the chosen name again', async () => {
  const user = userEvent.setup();
  const onChange = vi.fn();
  render(<SingleSelect onChange={onChange} initial="NO" />);
  const input = screen.getByRole('combobox', { name: 'Country' });

  await user.type(input, 'jam');
  await user.keyboard('{Escape}');

  expect(input).toHaveAttribute('aria-expanded', 'false');
  expect(input).toHaveValue('Norway');
  expect(onChange).not.toHaveBeenCalled();
});

test('in multi mode Enter toggles the highlighted option', async () => {
  const user = userEvent.setup();
  const onChange = vi.fn();
  render(<MultiSelect onChange={onChange} />);
  const input = screen.getByRole('combobox', { name: 'Countries' });

  await user.type(input, 'nor');
  await user.keyboard('{ArrowDown}{Enter}');
  expect(onChange).toHaveBeenLastCalledWith(['NO']);

  await user.keyboard('{Enter}');
  expect(onChange).toHaveBeenLastCalledWith([]);
});

test('leaving the input without picking keeps the previous choice', async () => {
  const user = userEvent.setup();
  const onChange = vi.fn();
  render(<SingleSelect onChange={onChange} initial="NO" />);
  const input = screen.getByRole('combobox', { name: 'Country' });

  await user.type(input, 'jam');
  await user.tab();

  expect(onChange).not.toHaveBeenCalled();
  expect(input).toHaveValue('Norway');
});
