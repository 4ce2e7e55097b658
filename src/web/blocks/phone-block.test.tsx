import { act, screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import {
  exampleConfig,
  findBlock,
  parseConfig,
  renderBlock,
} from '../../../tests/support/render-block.tsx';
import { PhoneBlock } from './phone-block.tsx';

const codePath = 'personalInfo.phone.countryCode';
const subscriberPath = 'personalInfo.phone.subscriber';

function renderPhone() {
  const config = exampleConfig();
  const rendered = renderBlock(
    config,
    <PhoneBlock block={findBlock(config, 'phone')} isDisabled={false} />,
  );
  const validate = () =>
    act(() => rendered.form.trigger([codePath, subscriberPath]));
  return {
    ...rendered,
    validate,
    code: screen.getByRole('combobox', { name: 'Country calling code' }),
    number: screen.getByRole('textbox', { name: 'Phone number' }),
  };
}

test('groups the calling code and the number under the phone label', () => {
  renderPhone();
  const group = screen.getByRole('group', { name: 'Phone Number' });
  expect(group).toContainElement(
    screen.getByRole('combobox', { name: 'Country calling code' }),
  );
  expect(group).toContainElement(
    screen.getByRole('textbox', { name: 'Phone number' }),
  );
  expect(group.querySelector('legend')).toHaveTextContent('Phone Number *');
});

test('shows +1 with the United States flag by default', () => {
  const { code, form } = renderPhone();
  expect(code).toHaveValue('+1');
  expect(form.getValues(codePath)).toBe('1');
  const flag = code.parentElement?.querySelector('img.flag');
  expect(flag).toBeInstanceOf(HTMLImageElement);
  expect(flag).toHaveAttribute('src', expect.stringMatching(/\/us\.svg/));
  expect(flag).toHaveAttribute('alt', '');
});

test('lists calling codes with the country names when searched', async () => {
  const { code, user } = renderPhone();

  await user.type(code, 'jamaica');

  expect(
    screen.getAllByRole('option').map((option) => option.textContent),
  ).toEqual(['Jamaica +1-658', 'Jamaica +1-876']);
});

test('choosing Jamaica +1-876 sets the calling code and the country', async () => {
  const { code, form, user } = renderPhone();

  await user.type(code, 'jamaica');
  await user.click(screen.getByRole('option', { name: 'Jamaica +1-876' }));

  expect(form.getValues(codePath)).toBe('1-876');
  expect(form.getValues('personalInfo.countryCode')).toBe('JM');
  expect(code).toHaveValue('+1-876');
  expect(code.parentElement?.querySelector('img.flag')).toHaveAttribute(
    'src',
    expect.stringMatching(/\/jm\.svg/),
  );
});

test('choosing a code shared by several countries keeps the chosen country', async () => {
  const { code, form, user } = renderPhone();

  await user.type(code, 'canada');
  await user.click(screen.getByRole('option', { name: 'Canada +1' }));

  expect(form.getValues(codePath)).toBe('1');
  expect(form.getValues('personalInfo.countryCode')).toBe('CA');
  expect(code).toHaveValue('+1');
  expect(code.parentElement?.querySelector('img.flag')).toHaveAttribute(
    'src',
    expect.stringMatching(/\/ca\.svg/),
  );
});

test('asks for digits only when the number has letters', async () => {
  const { number, form, user, validate } = renderPhone();

  await user.type(number, '555abc');
  await user.tab();
  expect(form.getValues(subscriberPath)).toBe('555abc');
  await validate();

  expect(screen.getByText('Enter digits only')).toBeInTheDocument();
});

test('asks for the phone number when it is empty', async () => {
  const { validate } = renderPhone();

  await validate();

  expect(screen.getByText('Enter the phone number')).toBeInTheDocument();
  expect(screen.queryByText('Select a calling code')).not.toBeInTheDocument();
});

test('ties the number error to the number input', async () => {
  const { number, user, validate } = renderPhone();
  expect(number).toHaveAttribute('aria-invalid', 'false');
  expect(number).not.toHaveAttribute('aria-describedby');

  await user.type(number, 'call me');
  await user.tab();
  await validate();

  expect(number).toHaveAttribute('aria-invalid', 'true');
  const errorId = number.getAttribute('aria-describedby') ?? '';
  expect(document.getElementById(errorId)).toHaveTextContent(
    'Enter digits only',
  );
  expect(number).toHaveAccessibleDescription('Enter digits only');
});

test('clears the number error once digits are entered', async () => {
  const { number, user, validate } = renderPhone();
  await validate();
  expect(screen.getByText('Enter the phone number')).toBeInTheDocument();

  await user.type(number, '5551234567');
  await user.tab();
  await validate();

  expect(screen.queryByText('Enter the phone number')).not.toBeInTheDocument();
  expect(number).toHaveAttribute('aria-invalid', 'false');
  expect(number).not.toHaveAttribute('aria-describedby');
});

test('the number error clears when digits are typed and the input is left', async () => {
  const { number, user, validate } = renderPhone();
  await validate();
  expect(screen.getByText('Enter the phone number')).toBeInTheDocument();

  await user.type(number, '5551234567');
  await user.tab();

  expect(screen.queryByText('Enter the phone number')).not.toBeInTheDocument();
});

test("a second phone block leaves the applicant's country alone", async () => {
  const example = exampleConfig();
  const [welcome, general, ...rest] = example.steps;
  if (!welcome || !general) throw new Error('the example has no such steps');
  const config = parseConfig({
    ...example,
    steps: [
      welcome,
      {
        ...general,
        blocks: [
          ...general.blocks,
          {
            component: 'phone',
            data: { path: 'fields.single.altPhone', label: 'Other phone' },
          },
        ],
      },
      ...rest,
    ],
  });
  const { form, user } = renderBlock(
    config,
    <>
      <PhoneBlock
        block={findBlock(config, 'phone', 'personalInfo.phone')}
        isDisabled={false}
      />
      <PhoneBlock
        block={findBlock(config, 'phone', 'fields.single.altPhone')}
        isDisabled={false}
      />
    </>,
  );
  const otherCode = within(
    screen.getByRole('group', { name: 'Other phone' }),
  ).getByRole('combobox', { name: 'Country calling code' });
  const ownCode = within(
    screen.getByRole('group', { name: 'Phone Number' }),
  ).getByRole('combobox', { name: 'Country calling code' });

  await user.type(otherCode, 'jamaica');
  await user.click(screen.getByRole('option', { name: 'Jamaica +1-876' }));

  expect(form.getValues('fields.single.altPhone.countryCode')).toBe('1-876');
  expect(otherCode).toHaveValue('+1-876');
  expect(form.getValues('personalInfo.countryCode')).toBe('');

  await user.type(ownCode, 'canada');
  await user.click(screen.getByRole('option', { name: 'Canada +1' }));

  expect(form.getValues('personalInfo.countryCode')).toBe('CA');
  expect(form.getValues('fields.single.altPhone.countryCode')).toBe('1-876');
});

test('reads a number pasted as written into the calling code and the digits', async () => {
  const { code, number, user, form } = renderPhone();
  await user.click(number);
  await user.paste('+44 (0)7700-900 123');
  await waitFor(() => expect(number).toHaveValue('7700900123'));
  expect(code).toHaveValue('+44');
  expect(form.getValues('personalInfo.phone')).toEqual({
    countryCode: '44',
    subscriber: '7700900123',
  });
  expect(form.getValues('personalInfo.countryCode')).toBe('GB');
});

test('pastes digits alone, and text that is no phone number, as they are', async () => {
  const { code, number, user } = renderPhone();
  await user.click(number);
  await user.paste('2025');
  expect(number).toHaveValue('2025');
  await user.paste('x');
  await waitFor(() => expect(number).toHaveValue('2025x'));
  expect(code).toHaveValue('+1');
});
