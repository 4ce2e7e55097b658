import { render, screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { Field, FieldSet } from './field.tsx';

test('ties the label, hint and error to the control and marks it required', () => {
  render(
    <Field
      label="First Name"
      isRequired
      hint="As in your passport"
      error="This field is required"
    >
      {(control) => <input {...control} />}
    </Field>,
  );

  const input = screen.getByRole('textbox', { name: 'First Name' });
  expect(input).toHaveAttribute('aria-required', 'true');
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(input).toHaveAccessibleDescription(
    'As in your passport This field is required',
  );
  const label = document.querySelector('label');
  expect(label).toHaveTextContent('First Name *');
  expect(within(label as HTMLElement).getByText('*')).toHaveAttribute(
    'aria-hidden',
    'true',
  );
});

test('shows no * and no required state on an optional control', () => {
  render(
    <Field label="Company" isRequired={false}>
      {(control) => <input {...control} />}
    </Field>,
  );

  const input = screen.getByRole('textbox', { name: 'Company' });
  expect(input).not.toHaveAttribute('aria-required');
  expect(input).toHaveAttribute('aria-invalid', 'false');
  expect(input).not.toHaveAttribute('aria-describedby');
  expect(document.querySelector('label')).toHaveTextContent(/^Company$/);
});

test('names a group by its legend, with the * and the hint and error describing it', () => {
  render(
    <FieldSet
      legend="Phone Number"
      isRequired
      hint="We call only about the trip"
      error="Enter the phone number"
    >
      <input aria-label="Phone number" />
    </FieldSet>,
  );

  const group = screen.getByRole('group', { name: 'Phone Number' });
  expect(group.querySelector('legend')).toHaveTextContent('Phone Number *');
  expect(group).toHaveAccessibleDescription(
    'We call only about the trip Enter the phone number',
  );
  // A plain group is not a control: its inputs carry the required and invalid state.
  expect(group).not.toHaveAttribute('aria-required');
  expect(group).not.toHaveAttribute('aria-invalid');
});

test('makes a radio group the control that is required and invalid', () => {
  render(
    <FieldSet
      legend="Are your dates flexible?"
      isRequired
      error="Choose Yes or No"
      isRadioGroup
    >
      {({ errorId }) => (
        <label>
          <input type="radio" name="flexible" aria-describedby={errorId} />
          Yes
        </label>
      )}
    </FieldSet>,
  );

  const group = screen.getByRole('radiogroup', {
    name: 'Are your dates flexible?',
  });
  expect(group).toHaveAttribute('aria-required', 'true');
  expect(group).toHaveAttribute('aria-invalid', 'true');
  expect(group).toHaveAccessibleDescription('Choose Yes or No');
  expect(
    screen.getByRole('radio', { name: 'Yes' }),
  ).toHaveAccessibleDescription('Choose Yes or No');
});

test('leaves out the * and the required state when nothing says the field is required', () => {
  render(
    <Field label="Setup key" hint="Type it into the app if it cannot scan">
      {(control) => <input {...control} readOnly />}
    </Field>,
  );

  const input = screen.getByRole('textbox', { name: 'Setup key' });
  expect(input).not.toHaveAttribute('aria-required');
  expect(input).toHaveAttribute('aria-invalid', 'false');
  expect(input).toHaveAccessibleDescription(
    'Type it into the app if it cannot scan',
  );
  expect(document.querySelector('label')).toHaveTextContent(/^Setup key$/);
});
