import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { defaultTheme } from '../../src/engine/theme-colours.ts';
import {
  answerYesNo,
  fillGeneralInformation,
  openWizard,
  backButton,
  completeApplication,
  continueButton,
  expectedPayload,
  fillMoreDetails,
  heading,
  interceptSubmissions,
  passMoreDetails,
  reachMoreDetails,
  sentFields,
  serverError,
  signInButton,
  signInUrl,
  startApplication,
  stubSignInPage,
  textbox,
  thankYou,
} from '../support/wizard.ts';

// axe runs in some states (see tests/support/axe.ts).
test.use({ bypassCSP: true });

test('sends the exact payload of a full application, thanks the applicant and leads on to sign-up', async ({
  page,
}) => {
  const requests = await interceptSubmissions(page);
  await stubSignInPage(page);
  await completeApplication(page);
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
  await expect(backButton(page)).toHaveCount(0);
  // No answer and no key stay behind in the tab, only that the application was sent, the
  // address the thank-you step names, and the anonymous visit the insights count.
  const stored = await page.evaluate(() =>
    Object.values(sessionStorage).map((text) => JSON.parse(text) as unknown),
  );
  expect(stored).toHaveLength(2);
  expect(stored).toEqual(
    expect.arrayContaining([
      {
        stepIndex: 3,
        values: null,
        idempotencyKey: null,
        sent: true,
        sentEmail: 'ada@example.com',
      },
      {
        id: expect.any(String),
        device: 'desktop',
        startedAt: expect.any(Number),
        isReported: true,
      },
    ]),
  );
  await signInButton(page).click();
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
  await expect(thankYou(page)).toBeVisible();
  const fields = sentFields(requests[0]);
  expect(fields).toContainEqual({
    key: 'single.mediaOutletContributions.value',
    value: 'No',
  });
  expect(fields.map((field) => field.key)).not.toContain(
    'single.mediaOutletContributions.text',
  );
});

// The theme's default error colour, as the browser reports a computed colour.
const errorRed = `rgb(${[1, 3, 5]
  .map((start) => parseInt(defaultTheme.error.slice(start, start + 2), 16))
  .join(', ')})`;

test('requires an answer to every yes/no question but the optional media one', async ({
  page,
}) => {
  await reachMoreDetails(page);
  await continueButton(page).click();
  for (const question of [
    'Are your dates flexible?',
    'Will a service animal or pet travel with you?',
    'Is anyone in your party a wheelchair user?',
    'May we assist with accommodations for disabilities?',
  ]) {
    const group = page.getByRole('radiogroup', { name: question });
    await expect(group).toHaveAccessibleDescription('Choose Yes or No');
    // Not only the text: each choice's edge turns red, as an input's does.
    for (const choice of await group.getByRole('radio').all())
      await expect(choice.locator('xpath=..')).toHaveCSS(
        'border-color',
        errorRed,
      );
  }
  const optional = page.getByRole('radiogroup', {
    name: 'Have you contributed to media outlets?',
  });
  await expect(optional).toHaveAttribute('aria-invalid', 'false');
  await expect(
    optional.getByRole('radio').first().locator('xpath=..'),
  ).not.toHaveCSS('border-color', errorRed);
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
  await passMoreDetails(page);
  await expect(serverError(page)).toHaveText(
    'Something went wrong. Please, try again later.',
  );
  await expect(heading(page, 'More Details')).toBeVisible();
  await expect(textbox(page, 'Emergency contact name')).toHaveValue(
    'Mary Somerville',
  );
  await continueButton(page).click();
  await expect(thankYou(page)).toBeVisible();
  expect(requests).toHaveLength(2);
  expect(requests[1]?.headers['idempotency-key']).toBe(
    requests[0]?.headers['idempotency-key'],
  );
  expect(requests[1]?.body).toEqual(requests[0]?.body);
});

test('a refusal that names an answer takes the applicant to it, with the server’s words', async ({
  page,
}) => {
  const requests = await interceptSubmissions(page, (attempt) =>
    attempt === 1
      ? {
          status: 400,
          body: {
            error: 'validation',
            issues: [
              {
                path: 'personalInfo.emailAddress',
                message: 'This address cannot receive e-mail',
              },
            ],
          },
        }
      : { status: 201 },
  );
  await reachMoreDetails(page);
  await passMoreDetails(page);
  await expect(heading(page, 'General Information')).toBeVisible();
  const email = textbox(page, 'Email Address');
  await expect(email).toBeFocused();
  await expect(email).toHaveAccessibleDescription(
    'This address cannot receive e-mail',
  );
  await expect(
    page.getByRole('status').filter({ hasText: 'needs attention' }),
  ).toHaveText('1 answer needs attention: Email Address.');
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await email.fill('ada.lovelace@example.com');
  await continueButton(page).click();
  await passMoreDetails(page);
  await expect(thankYou(page)).toBeVisible();
  expect(requests).toHaveLength(2);
});

test('shows the error when the network fails and the applicant can retry', async ({
  page,
}) => {
  const requests = await interceptSubmissions(page, (attempt) =>
    attempt === 1 ? { networkFailure: true } : { status: 201 },
  );
  await reachMoreDetails(page);
  await passMoreDetails(page);
  await expect(serverError(page)).toHaveText(
    'Something went wrong. Please, try again later.',
  );
  await continueButton(page).click();
  await expect(thankYou(page)).toBeVisible();
  expect(requests).toHaveLength(2);
});

test('sends one application however often the final Continue is clicked', async ({
  page,
}) => {
  let answerTheSend = () => {};
  const sendAnswered = new Promise<void>((resolve) => {
    answerTheSend = resolve;
  });
  const requests = await interceptSubmissions(page, () => ({
    status: 201,
    heldUntil: sendAnswered,
  }));
  await reachMoreDetails(page);
  await fillMoreDetails(page);
  const button = continueButton(page);
  await button.dblclick();
  await expect(button).toHaveAttribute('aria-disabled', 'true');
  // `force`: a person clicks a busy button too; Playwright would otherwise wait for it to be enabled.
  await button.click({ force: true });
  await page.keyboard.press('Enter');
  await expect.poll(() => requests.length).toBeGreaterThan(0);
  answerTheSend();
  await expect(thankYou(page)).toBeVisible();
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
  await expect(thankYou(page)).toBeVisible();
  expect(sentFields(requests[0])).toContainEqual({
    key: 'single.anythingElse',
    value: typed,
  });
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

test('keeps a draft to its own tab: another tab of the same browser starts empty', async ({
  context,
  page,
}) => {
  await startApplication(page);
  await textbox(page, 'First Name').fill('Ada');
  await expect
    .poll(() => page.evaluate(() => JSON.stringify(sessionStorage)))
    .toContain('Ada');
  const other = await context.newPage();
  await startApplication(other);
  await expect(textbox(other, 'First Name')).toHaveValue('');
});

for (const gapMs of [80, 160, 240])
  test(`a second click ${gapMs} ms after the first never acts on the next step`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await interceptSubmissions(page);
    /** A click, then another at the same spot soon after, as in a double click. */
    const doubleClick = async () => {
      await continueButton(page).scrollIntoViewIfNeeded();
      const box = await continueButton(page).boundingBox();
      const x = (box?.x ?? 0) + (box?.width ?? 0) / 2;
      const y = (box?.y ?? 0) + (box?.height ?? 0) / 2;
      await page.mouse.click(x, y);
      await page.waitForTimeout(gapMs);
      await page.mouse.click(x, y, { clickCount: 2 });
    };
    await openWizard(page);
    await expect(heading(page, 'Welcome!')).toBeVisible();
    await doubleClick();
    await expect(heading(page, 'General Information')).toBeVisible();
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
    await fillGeneralInformation(page);
    await doubleClick();
    await expect(heading(page, 'More Details')).toBeVisible();
    // Where the second click lands on this step depends on its layout (a question's label, as it
    // stands): it may put the cursor in that question, but More Details' Continue never acts.
    await expect(
      page.getByRole('status').filter({ hasText: 'need attention' }),
    ).toHaveCount(0);
    // A refused Continue would mark every unanswered question of the step.
    expect(
      await page.locator('[aria-invalid="true"]').count(),
    ).toBeLessThanOrEqual(1);
  });

test('Enter held down on Continue moves one step, never acting on the next', async ({
  page,
}) => {
  await startApplication(page);
  await fillGeneralInformation(page);
  await continueButton(page).focus();
  // After the first, each keydown of a held key is a repeat.
  for (let press = 0; press < 6; press += 1) await page.keyboard.down('Enter');
  await page.keyboard.up('Enter');
  await expect(heading(page, 'More Details')).toBeVisible();
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
});
