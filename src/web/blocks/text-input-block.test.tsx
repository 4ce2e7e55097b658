import { act, screen } from '@testing-library/react';
import { beforeEach, expect, test, vi } from 'vitest';
import {
  exampleConfig,
  findBlock,
  installFakeTimers,
  renderBlock,
} from '../../../tests/support/render-block.tsx';
import { TextInputBlock } from './text-input-block.tsx';

const emailPath = 'personalInfo.emailAddress';
const invalidEmail = 'Enter a valid email address';

beforeEach(installFakeTimers);

/** Lets validation finish (it runs in promises) without letting the clock move on. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(0));
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function renderTextInput(path: string) {
  const config = exampleConfig();
  const rendered = renderBlock(
    config,
    <>
      <TextInputBlock
        block={findBlock(config, 'textInput', path)}
        isDisabled={false}
      />
      <button type="button">Elsewhere</button>
    </>,
    { userOptions: { advanceTimers: vi.advanceTimersByTime } },
  );
  return {
    ...rendered,
    input: screen.getByRole('textbox', {
      name: findBlock(config, 'textInput', path).data.label,
    }),
  };
}

test('holds every keystroke in the form at once', async () => {
  const { input, form, user } = renderTextInput(emailPath);

  await user.type(input, 'ada@exa');

  expect(form.getValues(emailPath)).toBe('ada@exa');
});

test('keeps the lines of a multiline answer', async () => {
  const { input, form, user } = renderTextInput('fields.single.pastCampaigns');
  expect(input.tagName).toBe('TEXTAREA');

  await user.type(input, 'line one{Enter}line two');

  expect(form.getValues('fields.single.pastCampaigns')).toBe(
    'line one\nline two',
  );
});

test('shows an answer set in the form', () => {
  const { input, form } = renderTextInput(emailPath);

  act(() => form.setValue(emailPath, 'grace@example.com'));

  expect(input).toHaveValue('grace@example.com');
});

test('judges nothing while the applicant is still in a field never left', async () => {
  const { input, user } = renderTextInput(emailPath);

  await user.type(input, 'ada@');
  await advance(1000);

  expect(screen.queryByText(invalidEmail)).not.toBeInTheDocument();
  expect(input).toHaveAttribute('aria-invalid', 'false');
});

test('shows the error of a field as soon as it is left', async () => {
  const { input, user } = renderTextInput(emailPath);
  await user.type(input, 'ada@');

  await user.tab();
  await settle();

  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(input).toHaveAccessibleDescription(invalidEmail);
});

test('validates a left field only once the pointer that left it is released', async () => {
  const { input, user } = renderTextInput(emailPath);
  const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
  await user.type(input, 'ada@');

  await user.pointer({ keys: '[MouseLeft>]', target: elsewhere });
  await settle();
  expect(input).not.toHaveFocus();
  expect(screen.queryByText(invalidEmail)).not.toBeInTheDocument();

  await user.pointer({ keys: '[/MouseLeft]', target: elsewhere });
  await settle();
  expect(input).toHaveAccessibleDescription(invalidEmail);
});

test('a new error while typing waits for a 500 ms pause', async () => {
  const { input, user } = renderTextInput(emailPath);
  await user.type(input, 'ada@example.com');
  await user.tab();
  await settle();
  expect(input).toHaveAttribute('aria-invalid', 'false');

  await user.clear(input);
  await user.type(input, 'ada@');
  await advance(400);
  await user.type(input, 'x');
  await advance(499);
  expect(screen.queryByText(invalidEmail)).not.toBeInTheDocument();

  await advance(1);
  expect(input).toHaveAccessibleDescription(invalidEmail);
});

test('an error goes as soon as typing fixes the answer', async () => {
  const { input, user } = renderTextInput(emailPath);
  await user.type(input, 'ada@');
  await user.tab();
  await settle();
  expect(input).toHaveAccessibleDescription(invalidEmail);

  await user.type(input, 'example.com');
  await settle();

  expect(screen.queryByText(invalidEmail)).not.toBeInTheDocument();
  expect(input).toHaveAttribute('aria-invalid', 'false');
  expect(input).not.toHaveAttribute('aria-describedby');
});
