import { expect, test } from '@playwright/test';
import {
  chooseOption,
  continueButton,
  fillPlatform,
  heading,
  startApplication,
  textbox,
} from '../support/wizard.ts';

test('continues from Welcome without validation and marks the steps', async ({
  page,
}) => {
  await startApplication(page);
  const steps = page
    .getByRole('navigation', { name: 'Application progress' })
    .getByRole('listitem');
  await expect(steps).toHaveCount(4);
  await expect(steps.nth(0)).toContainText('completed');
  await expect(steps.nth(1)).toHaveAttribute('aria-current', 'step');
  await expect(steps.nth(2)).not.toHaveAttribute('aria-current', 'step');
  await expect(heading(page, 'General Information')).toBeFocused();
});

test('refuses Continue with every field marked and focuses the first invalid one', async ({
  page,
}) => {
  await startApplication(page);
  await continueButton(page).click();
  await expect(heading(page, 'General Information')).toBeVisible();
  const firstName = textbox(page, 'First Name');
  await expect(firstName).toBeFocused();
  await expect(firstName).toHaveAttribute('aria-invalid', 'true');
  await expect(firstName).toHaveAccessibleDescription('This field is required');
  await expect(textbox(page, 'Phone number')).toHaveAccessibleDescription(
    'Enter the phone number',
  );
  await expect(
    page.getByRole('combobox', { name: 'Country', exact: true }),
  ).toHaveAccessibleDescription('Select an option');
  await expect(page.getByText('Fill at least one platform')).toBeVisible();
});

test('keeps a spaces-only name invalid and shows the e-mail and phone messages', async ({
  page,
}) => {
  await startApplication(page);
  await textbox(page, 'First Name').fill('   ');
  await textbox(page, 'Email Address').fill('ada@localhost');
  await textbox(page, 'Phone number').fill('77009 abc');
  await continueButton(page).click();
  await expect(textbox(page, 'First Name')).toHaveAccessibleDescription(
    'This field is required',
  );
  await expect(textbox(page, 'Email Address')).toHaveAccessibleDescription(
    'Enter a valid email address',
  );
  await expect(textbox(page, 'Phone number')).toHaveAccessibleDescription(
    'Enter digits only',
  );
});

test('asks for the state only when the country is the United States', async ({
  page,
}) => {
  await startApplication(page);
  const state = page.getByRole('combobox', { name: 'State', exact: true });
  await expect(state).toHaveCount(0);
  await chooseOption(page, 'Country', 'united states', 'United States');
  await expect(state).toBeVisible();
  await continueButton(page).click();
  await expect(state).toHaveAccessibleDescription('Select an option');
  await chooseOption(page, 'State', 'puerto', 'Puerto Rico');
  await expect(state).toHaveValue('Puerto Rico');
  await chooseOption(page, 'Country', 'canada', 'Canada');
  await expect(state).toHaveCount(0);
});

test('sets the country from the chosen calling code', async ({ page }) => {
  await startApplication(page);
  const code = page.getByRole('combobox', { name: 'Country calling code' });
  await expect(code).toHaveValue('+1');
  await chooseOption(page, 'Country calling code', 'jamaica', 'Jamaica +1-876');
  await expect(code).toHaveValue('+1-876');
  await expect(
    page.getByRole('combobox', { name: 'Country', exact: true }),
  ).toHaveValue('Jamaica');
});

test('searches a select case-insensitively and says when nothing matches', async ({
  page,
}) => {
  await startApplication(page);
  const country = page.getByRole('combobox', { name: 'Country', exact: true });
  await expect(country).toHaveAttribute('placeholder', 'Select Option');
  await country.click();
  await expect(country).toHaveAttribute('placeholder', 'Search...');
  await country.fill('LAND');
  await expect(
    page.getByRole('option', { name: 'Poland', exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole('option', { name: 'France', exact: true }),
  ).toHaveCount(0);
  await country.fill('zzzz');
  await expect(page.getByText('No results found')).toBeVisible();
  await expect(page.getByRole('option')).toHaveCount(0);
});

test('applies the platform rules with their exact messages', async ({
  page,
}) => {
  await startApplication(page);
  await fillPlatform(page, 'Instagram', 'https://instagram.com/ada', '12k');
  await continueButton(page).click();
  const instagram = page.getByRole('group', { name: 'Instagram', exact: true });
  await expect(
    instagram.getByRole('textbox', { name: 'Username' }),
  ).toHaveAccessibleDescription(/Enter your username only/);
  await expect(
    instagram.getByRole('textbox', { name: 'Followers' }),
  ).toHaveAccessibleDescription('Enter a valid number');
  await expect(page.getByText('Fill at least one platform')).toBeVisible();
  await fillPlatform(page, 'Instagram', 'ada.travels', '12000');
  await instagram.getByRole('textbox', { name: 'Followers' }).blur();
  await expect(page.getByText('Fill at least one platform')).toHaveCount(0);
  await expect(
    instagram.getByRole('textbox', { name: 'Username' }),
  ).toHaveAttribute('aria-invalid', 'false');
});
