import { expect, test, type Page } from '@playwright/test';
import {
  answerYesNo,
  continueButton,
  expectedPayload,
  fillGeneralInformation,
  fillMoreDetails,
  heading,
  interceptSubmissions,
  signInUrl,
  startApplication,
  stubSignInPage,
  textbox,
} from '../support/wizard.ts';

async function reachMoreDetails(page: Page) {
  await startApplication(page);
  await fillGeneralInformation(page);
  await continueButton(page).click();
  await expect(heading(page, 'More Details')).toBeVisible();
}

test('sends the exact payload of a full application, thanks the applicant and leads on to sign-up', async ({
  page,
}) => {
  const requests = await interceptSubmissions(page);
  await stubSignInPage(page);
  await reachMoreDetails(page);
  await fillMoreDetails(page);
  await continueButton(page).click();
  await expect(heading(page, 'Thank you for your submission!')).toBeVisible();
  await expect(page.getByText('ada@example.com')).toBeVisible();
  expect(requests).toHaveLength(1);
  const [request] = requests;
  expect(request?.method).toBe('PUT');
  expect(request?.headers['content-type']).toBe('application/json');
  expect(request?.headers.accept).toBe('application/json');
  expect(request?.headers['idempotency-key']).toMatch(
    /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
  );
  expect(request?.body).toEqual(expectedPayload);
  await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
  expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual([]);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(signInUrl);
});

test('asks for the media description only when the answer is Yes, and never sends a hidden one', async ({
  page,
}) => {
  const requests = await interceptSubmissions(page);
  await reachMoreDetails(page);
  await fillMoreDetails(page);
  await answerYesNo(page, 'Have you contributed to media outlets?', 'No');
  await expect(textbox(page, 'Describe More')).toHaveCount(0);
  await answerYesNo(page, 'Have you contributed to media outlets?', 'Yes');
  await expect(textbox(page, 'Describe More')).toHaveValue(
    'Guardian travel, 2024',
  );
  await textbox(page, 'Describe More').fill('');
  await continueButton(page).click();
  await expect(textbox(page, 'Describe More')).toBeFocused();
  await expect(textbox(page, 'Describe More')).toHaveAccessibleDescription(
    'This field is required',
  );
  expect(requests).toHaveLength(0);
  await textbox(page, 'Describe More').fill('Kept secret');
  await answerYesNo(page, 'Have you contributed to media outlets?', 'No');
  await continueButton(page).click();
  await expect(heading(page, 'Thank you for your submission!')).toBeVisible();
  const fields = (
    requests[0]?.body as { fields: Array<{ key: string; value: string }> }
  ).fields;
  expect(fields).toContainEqual({
    key: 'single.mediaOutletContributions.value',
    value: 'No',
  });
  expect(fields.map((field) => field.key)).not.toContain(
    'single.mediaOutletContributions.text',
  );
});

test('requires the yes/no questions of specification §5', async ({ page }) => {
  await reachMoreDetails(page);
  await continueButton(page).click();
  for (const question of [
    'Are your dates flexible?',
    'Will a service animal or pet travel with you?',
    'Is anyone in your party a wheelchair user?',
    'May we assist with accommodations for disabilities?',
  ])
    await expect(
      page.getByRole('radiogroup', { name: question }),
    ).toHaveAccessibleDescription('Choose Yes or No');
  await expect(
    page.getByRole('radiogroup', {
      name: 'Have you contributed to media outlets?',
    }),
  ).toHaveAttribute('aria-invalid', 'false');
  await expect(textbox(page, 'Anything else we should know?')).toHaveAttribute(
    'aria-invalid',
    'false',
  );
});

test('keeps every answer when the send fails, shows the server error, and retries with the same key', async ({
  page,
}) => {
  const requests = await interceptSubmissions(page, (attempt) => ({
    status: attempt === 1 ? 503 : 201,
  }));
  await reachMoreDetails(page);
  await fillMoreDetails(page);
  await continueButton(page).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Something went wrong. Please, try again later.',
  );
  await expect(heading(page, 'More Details')).toBeVisible();
  await expect(textbox(page, 'Emergency contact name')).toHaveValue(
    'Mary Somerville',
  );
  await continueButton(page).click();
  await expect(heading(page, 'Thank you for your submission!')).toBeVisible();
  expect(requests).toHaveLength(2);
  expect(requests[1]?.headers['idempotency-key']).toBe(
    requests[0]?.headers['idempotency-key'],
  );
  expect(requests[1]?.body).toEqual(requests[0]?.body);
});

test('shows the error when the network fails and the applicant can retry', async ({
  page,
}) => {
  let attempts = 0;
  await page.route('**/api/syncPage/**', (route) => {
    attempts += 1;
    return attempts === 1
      ? route.abort('failed')
      : route.fulfill({
          status: 201,
          contentType: 'application/json',
          body: '{}',
        });
  });
  await reachMoreDetails(page);
  await fillMoreDetails(page);
  await continueButton(page).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Something went wrong. Please, try again later.',
  );
  await continueButton(page).click();
  await expect(heading(page, 'Thank you for your submission!')).toBeVisible();
});

test('sends one application however often the final Continue is clicked', async ({
  page,
}) => {
  const requests = await interceptSubmissions(page, () => ({
    status: 201,
    delayMs: 2500,
  }));
  await reachMoreDetails(page);
  await fillMoreDetails(page);
  const button = continueButton(page);
  await button.dblclick();
  await expect(button).toHaveAttribute('aria-disabled', 'true');
  // `force`: a person clicks a busy button too; Playwright would otherwise wait for it to be enabled.
  await button.click({ force: true });
  await page.keyboard.press('Enter');
  await expect(heading(page, 'Thank you for your submission!')).toBeVisible();
  expect(requests).toHaveLength(1);
});

test('loses no keystroke when Continue follows typing at once', async ({
  page,
}) => {
  const requests = await interceptSubmissions(page);
  await reachMoreDetails(page);
  await fillMoreDetails(page);
  const typed = 'Late addition typed fast, then Continue at once!';
  await textbox(page, 'Anything else we should know?').click();
  await page.keyboard.type(typed, { delay: 0 });
  await continueButton(page).click();
  await expect(heading(page, 'Thank you for your submission!')).toBeVisible();
  const fields = (
    requests[0]?.body as { fields: Array<{ key: string; value: string }> }
  ).fields;
  expect(fields).toContainEqual({ key: 'single.anythingElse', value: typed });
});

test('keeps the answers and the step across a reload, even inside the debounce window', async ({
  page,
}) => {
  await startApplication(page);
  await textbox(page, 'First Name').fill('Ada');
  await continueButton(page).click();
  await textbox(page, 'Last Name').click();
  await page.keyboard.type('Lovelace', { delay: 0 });
  await page.reload();
  await expect(heading(page, 'General Information')).toBeVisible();
  await expect(textbox(page, 'First Name')).toHaveValue('Ada');
  await expect(textbox(page, 'Last Name')).toHaveValue('Lovelace');
});

test('starts empty in a new browser context', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await startApplication(page);
  await textbox(page, 'First Name').fill('Ada');
  await textbox(page, 'First Name').blur();
  const other = await (await browser.newContext()).newPage();
  await startApplication(other);
  await expect(textbox(other, 'First Name')).toHaveValue('');
  await context.close();
});
