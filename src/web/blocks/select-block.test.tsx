import { act, screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import type { WizardConfig } from '#engine/config-schema.ts';
import {
  exampleConfig,
  findBlock,
  parseConfig,
  renderBlock,
} from '../../../tests/support/render-block.tsx';
import { SelectBlock } from './select-block.tsx';

function renderSelect(path: string, config: WizardConfig = exampleConfig()) {
  return renderBlock(
    config,
    <SelectBlock
      block={findBlock(config, 'select', path)}
      isDisabled={false}
    />,
  );
}

/** The state or province select, with the country its options follow. */
function renderRegion(countryCode: string) {
  const rendered = renderSelect('personalInfo.provinceCode');
  act(() => rendered.form.setValue('personalInfo.countryCode', countryCode));
  return rendered;
}

test('the State select lists states, territories and armed-forces codes', async () => {
  const { user } = renderRegion('US');
  const state = screen.getByRole('combobox', { name: 'State' });

  await user.click(state);

  const names = within(screen.getByRole('listbox'))
    .getAllByRole('option')
    .map((option) => option.textContent);
  expect(names).toContain('California');
  expect(names).toContain('Puerto Rico');
  expect(names).toContain('Armed Forces Europe');
});

test('the State select stores the two-letter code of the chosen state', async () => {
  const { user, form } = renderRegion('US');
  const state = screen.getByRole('combobox', { name: 'State' });

  await user.type(state, 'puerto');
  await user.click(screen.getByRole('option', { name: 'Puerto Rico' }));

  expect(form.getValues('personalInfo.provinceCode')).toBe('PR');
  expect(state).toHaveValue('Puerto Rico');
});

test('for Canada the same answer is a Province, offering provinces only, and a state chosen before is let go', async () => {
  const { user, form } = renderRegion('US');
  act(() => form.setValue('personalInfo.provinceCode', 'TX'));
  act(() => form.setValue('personalInfo.countryCode', 'CA'));
  const province = screen.getByRole('combobox', { name: 'Province' });
  expect(form.getValues('personalInfo.provinceCode')).toBe('');

  await user.click(province);
  const names = within(screen.getByRole('listbox'))
    .getAllByRole('option')
    .map((option) => option.textContent);
  expect(names).toContain('Ontario');
  expect(names).not.toContain('Texas');
});

test('the Country select asks to Select an option when empty after validation', async () => {
  const { form } = renderSelect('personalInfo.countryCode');
  const country = screen.getByRole('combobox', { name: 'Country' });
  expect(country).toHaveAttribute('aria-required', 'true');
  expect(screen.queryByText('Select an option')).not.toBeInTheDocument();

  await act(() => form.trigger('personalInfo.countryCode'));

  expect(screen.getByText('Select an option')).toBeInTheDocument();
  expect(country).toHaveAttribute('aria-invalid', 'true');
  expect(country).toHaveAccessibleDescription('Select an option');
});

test('choosing a country clears the Select an option error', async () => {
  const { form, user } = renderSelect('personalInfo.countryCode');
  await act(() => form.trigger('personalInfo.countryCode'));
  const country = screen.getByRole('combobox', { name: 'Country' });

  await user.type(country, 'united kingdom');
  await user.click(screen.getByRole('option', { name: 'United Kingdom' }));

  expect(form.getValues('personalInfo.countryCode')).toBe('GB');
  expect(country).toHaveValue('United Kingdom');
  expect(screen.queryByText('Select an option')).not.toBeInTheDocument();
  expect(country).toHaveAttribute('aria-invalid', 'false');
});

test('a multiple select ignores picks beyond its maximum', async () => {
  const config = parseConfig({
    ...exampleConfig(),
    steps: [
      { name: 'Start', blocks: [] },
      {
        name: 'Interests',
        blocks: [
          {
            component: 'select',
            data: {
              path: 'fields.multi.interests',
              label: 'Interests',
              multiple: true,
              options: [
                { name: 'Food', value: 'food' },
                { name: 'Hiking', value: 'hiking' },
                { name: 'Museums', value: 'museums' },
              ],
            },
          },
        ],
      },
      { name: 'Thanks', blocks: [] },
    ],
    formItems: [
      {
        path: 'fields.multi.interests',
        validators: ['required', { name: 'maxItems', max: 2 }],
      },
    ],
  });
  const { user, form } = renderSelect('fields.multi.interests', config);
  await user.click(screen.getByRole('combobox', { name: 'Interests' }));

  await user.click(screen.getByRole('option', { name: 'Food' }));
  await user.click(screen.getByRole('option', { name: 'Museums' }));
  await user.click(screen.getByRole('option', { name: 'Hiking' }));

  expect(form.getValues('fields.multi.interests')).toEqual(['food', 'museums']);
  expect(
    screen.getByRole('button', { name: 'Remove Food' }),
  ).toBeInTheDocument();
  expect(
    screen.queryByRole('button', { name: 'Remove Hiking' }),
  ).not.toBeInTheDocument();
});
