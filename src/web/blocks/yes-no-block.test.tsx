import { act, screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import {
  exampleConfig,
  findBlock,
  renderBlock,
} from '../../../tests/support/render-block.tsx';
import { YesNoBlock } from './yes-no-block.tsx';

const flexibleQuestion = 'Are your dates flexible?';
const mediaQuestion = 'Have you contributed to media outlets?';
const mediaValue = 'fields.single.mediaOutletContributions.value';
const mediaText = 'fields.single.mediaOutletContributions.text';

function renderQuestion(path: string) {
  const config = exampleConfig();
  return renderBlock(
    config,
    <YesNoBlock block={findBlock(config, 'yesNo', path)} isDisabled={false} />,
  );
}

test('shows the question as a radio group with Yes and No', () => {
  renderQuestion('fields.single.flexibleDates');
  const group = screen.getByRole('radiogroup', { name: flexibleQuestion });

  const radios = within(group).getAllByRole('radio');
  expect(radios.map((radio) => radio.getAttribute('name'))).toEqual([
    'fields.single.flexibleDates.value',
    'fields.single.flexibleDates.value',
  ]);
  expect(within(group).getByRole('radio', { name: 'Yes' })).not.toBeChecked();
  expect(within(group).getByRole('radio', { name: 'No' })).not.toBeChecked();
  expect(group).toHaveAttribute('aria-required', 'true');
  expect(group.querySelector('legend')).toHaveTextContent(
    `${flexibleQuestion} *`,
  );
});

test('stores Yes as true and No as false', async () => {
  const { user, form } = renderQuestion('fields.single.flexibleDates');
  expect(form.getValues('fields.single.flexibleDates.value')).toBeNull();

  await user.click(screen.getByRole('radio', { name: 'Yes' }));
  expect(form.getValues('fields.single.flexibleDates.value')).toBe(true);
  expect(screen.getByRole('radio', { name: 'Yes' })).toBeChecked();

  await user.click(screen.getByRole('radio', { name: 'No' }));
  expect(form.getValues('fields.single.flexibleDates.value')).toBe(false);
  expect(screen.getByRole('radio', { name: 'No' })).toBeChecked();
  expect(screen.getByRole('radio', { name: 'Yes' })).not.toBeChecked();
});

test('a required question asks to Choose Yes or No after validation', async () => {
  const { form } = renderQuestion('fields.single.flexibleDates');
  expect(screen.queryByText('Choose Yes or No')).not.toBeInTheDocument();

  await act(() => form.trigger('fields.single.flexibleDates.value'));

  const group = screen.getByRole('radiogroup', { name: flexibleQuestion });
  expect(within(group).getByText('Choose Yes or No')).toBeInTheDocument();
  expect(group).toHaveAttribute('aria-invalid', 'true');
  expect(group).toHaveAccessibleDescription('Choose Yes or No');
  expect(
    screen.getByRole('radio', { name: 'Yes' }),
  ).toHaveAccessibleDescription('Choose Yes or No');
});

test('an answered required question shows no error after validation', async () => {
  const { form, user } = renderQuestion('fields.single.flexibleDates');
  await user.click(screen.getByRole('radio', { name: 'No' }));

  await act(() => form.trigger('fields.single.flexibleDates.value'));

  expect(screen.queryByText('Choose Yes or No')).not.toBeInTheDocument();
  expect(
    screen.getByRole('radiogroup', { name: flexibleQuestion }),
  ).toHaveAttribute('aria-invalid', 'false');
});

test('an optional question is not marked required and passes unanswered', async () => {
  const { form } = renderQuestion('fields.single.mediaOutletContributions');
  const group = screen.getByRole('radiogroup', { name: mediaQuestion });
  expect(group).not.toHaveAttribute('aria-required');
  expect(group.querySelector('legend')).not.toHaveTextContent('*');

  let isValid = false;
  await act(async () => {
    isValid = await form.trigger([mediaValue, mediaText]);
  });

  expect(isValid).toBe(true);
  expect(screen.queryByText('Choose Yes or No')).not.toBeInTheDocument();
});

test('answering Yes reveals a required Describe More box', async () => {
  const { form, user } = renderQuestion(
    'fields.single.mediaOutletContributions',
  );
  expect(
    screen.queryByRole('textbox', { name: 'Describe More' }),
  ).not.toBeInTheDocument();

  await user.click(screen.getByRole('radio', { name: 'Yes' }));
  const describe = screen.getByRole('textbox', { name: 'Describe More' });
  expect(describe.tagName).toBe('TEXTAREA');
  expect(describe).toBeRequired();

  await act(() => form.trigger([mediaValue, mediaText]));

  expect(screen.getByText('This field is required')).toBeInTheDocument();
  expect(describe).toHaveAttribute('aria-invalid', 'true');
  expect(describe).toHaveAccessibleDescription('This field is required');
});

test('a filled Describe More box passes validation', async () => {
  const { form, user } = renderQuestion(
    'fields.single.mediaOutletContributions',
  );
  await user.click(screen.getByRole('radio', { name: 'Yes' }));

  await user.type(
    screen.getByRole('textbox', { name: 'Describe More' }),
    'Wrote for Coastal Living',
  );
  await user.tab();
  await act(() => form.trigger([mediaValue, mediaText]));

  expect(form.getValues(mediaText)).toBe('Wrote for Coastal Living');
  expect(screen.queryByText('This field is required')).not.toBeInTheDocument();
});

test('answering No hides Describe More and leaves no error for it', async () => {
  const { form, user } = renderQuestion(
    'fields.single.mediaOutletContributions',
  );
  await user.click(screen.getByRole('radio', { name: 'Yes' }));
  await act(() => form.trigger([mediaValue, mediaText]));
  expect(screen.getByText('This field is required')).toBeInTheDocument();

  await user.click(screen.getByRole('radio', { name: 'No' }));

  expect(
    screen.queryByRole('textbox', { name: 'Describe More' }),
  ).not.toBeInTheDocument();
  let isValid = false;
  await act(async () => {
    isValid = await form.trigger([mediaValue, mediaText]);
  });
  expect(isValid).toBe(true);
  expect(form.getFieldState(mediaText).error).toBeUndefined();
  expect(screen.queryByText('This field is required')).not.toBeInTheDocument();
});
