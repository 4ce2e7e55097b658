import { expect, test } from '@playwright/test';
import { typingPauseMs } from '../../src/web/lib/application-form.ts';
import { seriousViolations } from '../support/axe.ts';
import {
  chooseOption,
  continueButton,
  fillGeneralInformation,
  fillPlatform,
  heading,
  startApplication,
  textbox,
} from '../support/wizard.ts';

// axe runs in some states (see tests/support/axe.ts).
test.use({ bypassCSP: true });

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

test('asks for the state in the United States, the province in Canada, and nothing elsewhere', async ({
  page,
}) => {
  await startApplication(page);
  const state = page.getByRole('combobox', { name: 'State', exact: true });
  const province = page.getByRole('combobox', {
    name: 'Province',
    exact: true,
  });
  await expect(state).toHaveCount(0);
  await chooseOption(page, 'Country', 'united states', 'United States');
  await expect(state).toBeVisible();
  await continueButton(page).click();
  await expect(state).toHaveAccessibleDescription('Select an option');
  await chooseOption(page, 'State', 'puerto', 'Puerto Rico');
  await expect(state).toHaveValue('Puerto Rico');

  await chooseOption(page, 'Country', 'canada', 'Canada');
  await expect(state).toHaveCount(0);
  // The state chosen for the United States is not carried over.
  await expect(province).toHaveValue('');
  await expect(province).toHaveAttribute('aria-required', 'true');
  await province.click();
  await expect(page.getByRole('option', { name: 'Ontario' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Texas' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await chooseOption(page, 'Province', 'queb', 'Quebec');
  await expect(province).toHaveValue('Quebec');
  expect(await seriousViolations(page)).toEqual([]);

  await chooseOption(page, 'Country', 'norway', 'Norway');
  await expect(province).toHaveCount(0);
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

test('a select showing "No results found" points to no option, and axe finds nothing serious', async ({
  page,
}) => {
  await startApplication(page);
  const country = page.getByRole('combobox', { name: 'Country', exact: true });
  await country.click();
  await country.fill('fra');
  await expect(country).toHaveAttribute('aria-activedescendant', /.+/);
  await country.fill('frazz');
  await expect(page.getByText('No results found')).toBeVisible();
  await expect(country).toHaveAttribute('aria-activedescendant', '');
  expect(await seriousViolations(page)).toEqual([]);
  await country.fill('fra');
  await page.keyboard.press('Enter');
  await expect(country).toHaveValue('France');
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

test('after a refused Continue, a live region says how many answers need attention and names them', async ({
  page,
}) => {
  await startApplication(page);
  await continueButton(page).click();
  const attention = page
    .getByRole('status')
    .filter({ hasText: 'need attention' });
  await expect(attention).toHaveText(
    /^\d+ answers need attention: First Name, Last Name, Phone Number, Email Address, Country, .*Platforms/,
  );
  await expect(textbox(page, 'First Name')).toBeFocused();

  // Everything right but an address without its domain's ending.
  await fillGeneralInformation(page, 'ada@example');
  await continueButton(page).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'needs attention' }),
  ).toHaveText('1 answer needs attention: Email Address.');
  await expect(textbox(page, 'Email Address')).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
});

test('an error goes as soon as the answer is valid, not after a typing pause', async ({
  page,
}) => {
  await startApplication(page);
  await continueButton(page).click();
  const email = textbox(page, 'Email Address');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await email.fill('ada@');
  // From the keystroke that makes the address valid to the error's going, measured in the page.
  const clearedAfterMs = await email.evaluate(
    (input: HTMLInputElement) =>
      new Promise<number>((resolve) => {
        const start = performance.now();
        // Through the native setter, as typing does, so React sees the change.
        Object.getOwnPropertyDescriptor(
          HTMLInputElement.prototype,
          'value',
        )?.set?.call(input, 'ada@example.com');
        input.dispatchEvent(new Event('input', { bubbles: true }));
        const check = () => {
          if (input.getAttribute('aria-invalid') === 'false')
            resolve(performance.now() - start);
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
  // With the keystroke, not after the pause an error waits for before it appears; a frame or two
  // on a quiet machine, more on a busy one, never the pause itself.
  expect(clearedAfterMs).toBeLessThan(typingPauseMs);
});

for (const run of [1, 2, 3])
  test(`keeps every character typed at 30 ms a key into a picker on first use, and Enter picks the first match (run ${run})`, async ({
    page,
  }) => {
    await startApplication(page);
    const code = page.getByRole('combobox', { name: 'Country calling code' });
    await code.click();
    await page.keyboard.type('united kingdom', { delay: 30 });
    await expect(code).toHaveValue('united kingdom');
    await page.keyboard.press('Enter');
    await expect(code).toHaveValue('+44');

    const country = page.getByRole('combobox', {
      name: 'Country',
      exact: true,
    });
    await country.click();
    await page.keyboard.type('new zealand', { delay: 30 });
    await expect(country).toHaveValue('new zealand');
    await page.keyboard.press('Enter');
    await expect(country).toHaveValue('New Zealand');
  });

test('a paste longer than a field holds is cut and the field says so; near the cap a counter shows', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await startApplication(page);
  const name = textbox(page, 'First Name');
  await name.focus();
  await page.evaluate(
    (text) => navigator.clipboard.writeText(text),
    'x'.repeat(10_000),
  );
  await page.keyboard.press('Control+V');
  await expect(name).toHaveValue('x'.repeat(300));
  await expect(
    page.getByRole('status').filter({ hasText: 'What you pasted' }),
  ).toHaveText('What you pasted was cut to 300 characters.');
  await expect(name).toHaveAccessibleDescription(
    '300 of 300 characters What you pasted was cut to 300 characters.',
  );
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Backspace');
  await expect(page.getByText('What you pasted was cut')).toHaveCount(0);
  await expect(name).toHaveAccessibleDescription('299 of 300 characters');
  await name.fill('Ada');
  await expect(page.getByText(/of 300 characters/)).toHaveCount(0);
});

for (const { written, code, number, country } of [
  {
    written: '+44 (0)7700-900 123',
    code: '+44',
    number: '7700900123',
    country: 'United Kingdom',
  },
  {
    written: '+1 (202) 555-0123',
    code: '+1',
    number: '2025550123',
    country: 'United States',
  },
  {
    written: '+1-876-555-0123',
    code: '+1-876',
    number: '5550123',
    country: 'Jamaica',
  },
  {
    written: 'tel:+33 6 12 34 56 78',
    code: '+33',
    number: '612345678',
    country: 'France',
  },
  // Written as at home: the calling code shown (+1) reads it.
  {
    written: '(202) 555-0123',
    code: '+1',
    number: '2025550123',
    country: 'United States',
  },
])
  test(`a phone number pasted as ${written} fills the calling code and the digits`, async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await startApplication(page);
    const subscriber = textbox(page, 'Phone number');
    await subscriber.focus();
    await page.evaluate((text) => navigator.clipboard.writeText(text), written);
    await page.keyboard.press('Control+V');
    await expect(
      page.getByRole('combobox', { name: 'Country calling code' }),
    ).toHaveValue(code);
    await expect(subscriber).toHaveValue(number);
    await expect(
      page.getByRole('combobox', { name: 'Country', exact: true }),
    ).toHaveValue(country);
    await subscriber.blur();
    await continueButton(page).click();
    await expect(subscriber).toHaveAttribute('aria-invalid', 'false');
    await expect(
      page.getByRole('combobox', { name: 'Country calling code' }),
    ).toHaveAttribute('aria-invalid', 'false');
    await expect(page.getByText('Enter digits only')).toHaveCount(0);
  });
