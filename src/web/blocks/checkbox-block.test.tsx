import { act, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import {
  exampleConfig,
  findBlock,
  parseConfig,
  renderBlock,
} from '../../../tests/support/render-block.tsx';
import { CheckboxBlock } from './checkbox-block.tsx';

const label = 'I agree to the terms of the partnership programme';

/** The example with an agreement step before the last one, as a configuration may add it. */
function configWithAgreement() {
  const example = exampleConfig();
  const last = example.steps.length - 1;
  return parseConfig({
    ...example,
    steps: [
      ...example.steps.slice(0, last),
      {
        name: 'Agreement',
        blocks: [
          {
            component: 'checkbox',
            data: { path: 'agreement', label, hint: 'You can withdraw later.' },
          },
        ],
      },
      ...example.steps.slice(last),
    ],
    formItems: [
      ...example.formItems,
      { path: 'agreement', validators: ['required'] },
    ],
  });
}

function renderAgreement(isDisabled = false) {
  const config = configWithAgreement();
  const rendered = renderBlock(
    config,
    <CheckboxBlock
      block={findBlock(config, 'checkbox', 'agreement')}
      isDisabled={isDisabled}
    />,
  );
  return {
    ...rendered,
    checkbox: screen.getByRole('checkbox', { name: label }),
  };
}

test('marks a required agreement with * and describes it with its hint', () => {
  const { checkbox } = renderAgreement();

  expect(checkbox.closest('label')).toHaveTextContent(`${label} *`);
  expect(checkbox).toHaveAttribute('aria-required', 'true');
  expect(checkbox).toHaveAccessibleDescription('You can withdraw later.');
});

test('stores the agreement as true or false', async () => {
  const { checkbox, form, user } = renderAgreement();
  expect(form.getValues('agreement')).toBe(false);

  await user.click(checkbox);
  expect(form.getValues('agreement')).toBe(true);
  expect(checkbox).toBeChecked();

  await user.click(checkbox);
  expect(form.getValues('agreement')).toBe(false);
  expect(checkbox).not.toBeChecked();
});

test('ties the error to the checkbox and clears it once checked', async () => {
  const { checkbox, form, user } = renderAgreement();

  // As a refused Continue does: the control is touched, so it revalidates as it changes.
  await act(() => form.trigger('agreement', { shouldTouch: true }));
  expect(checkbox).toHaveAttribute('aria-invalid', 'true');
  expect(checkbox).toHaveAccessibleDescription(
    'You can withdraw later. This field is required',
  );

  await user.click(checkbox);
  expect(checkbox).toBeChecked();
  expect(screen.queryByText('This field is required')).not.toBeInTheDocument();
});

test('a disabled agreement shows no * and is not required', () => {
  const { checkbox } = renderAgreement(true);

  expect(checkbox).toBeDisabled();
  expect(checkbox.closest('label')).toHaveTextContent(new RegExp(`^${label}$`));
  expect(checkbox).not.toHaveAttribute('aria-required');
});
