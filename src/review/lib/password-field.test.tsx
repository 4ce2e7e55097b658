import { render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { PasswordField } from './password-field.tsx';

test('names the password box by its label and ties its error to it', () => {
  render(
    <form>
      <PasswordField
        name="current"
        label="Current password"
        autoComplete="current-password"
        error="The password is not right"
      />
      <PasswordField
        name="next"
        label="New password"
        autoComplete="new-password"
        error={undefined}
      />
    </form>,
  );

  const current = screen.getByLabelText('Current password');
  expect(current).toHaveAttribute('type', 'password');
  expect(current).toHaveAttribute('name', 'current');
  expect(current).toHaveAttribute('aria-invalid', 'true');
  expect(current).toHaveAccessibleDescription('The password is not right');

  const next = screen.getByLabelText('New password');
  expect(next).toHaveAttribute('autocomplete', 'new-password');
  expect(next).toHaveAttribute('aria-invalid', 'false');
  expect(next).not.toHaveAttribute('aria-describedby');
});
