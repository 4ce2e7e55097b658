import { expect, test } from '@playwright/test';
import {
  answerYesNo,
  chooseOption,
  continueButton,
  fillMoreDetails,
  reachMoreDetails,
  storedApplications,
  textbox,
  thankYou,
  uniqueEmail,
} from '../support/wizard.ts';

type Stored = {
  payload: { fields: Array<{ key: string; value: string }> };
  answers: Array<{
    step: string;
    answers: Array<{ key: string; question: string; text: string }>;
  }>;
};

// A second phone under fields.single was once refused by the server for every applicant.
test('sends a second phone, a yes/no with follow-up, a multi select and a checkbox under fields.single, and the review API shows every answer', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('extra');
  const statuses: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/syncPage/'))
      statuses.push(response.status());
  });
  await reachMoreDetails(page, { server: 'extraAnswers', email });
  await fillMoreDetails(page);
  const secondPhone = page.getByRole('group', { name: 'Second phone' });
  await chooseOption(
    page,
    'Country calling code',
    'united states',
    'United States +1',
  );
  await secondPhone
    .getByRole('textbox', { name: 'Phone number' })
    .fill('2025550123');
  await answerYesNo(page, 'Will you film with a drone?', 'Yes');
  await textbox(page, 'Which drone and licence?').fill('DJI Mini 4, A2 CofC');
  await chooseOption(page, 'Which seasons suit you?', 'spr', 'Spring');
  await chooseOption(page, 'Which seasons suit you?', 'aut', 'Autumn');
  // A multi select stays open for more choices; Escape closes it, as a person would.
  await page.keyboard.press('Escape');
  await page
    .getByRole('checkbox', { name: 'Send me the press newsletter' })
    .check();
  await continueButton(page).click();
  await expect(thankYou(page)).toBeVisible();
  expect(statuses).toEqual([201]);

  const [stored] = (await storedApplications(
    request,
    email,
    'extraAnswers',
  )) as Stored[];
  expect(stored?.payload.fields.slice(-6)).toEqual([
    { key: 'single.altPhone.countryCode', value: '1' },
    { key: 'single.altPhone.subscriber', value: '2025550123' },
    { key: 'single.filming.value', value: 'Yes' },
    { key: 'single.filming.text', value: 'DJI Mini 4, A2 CofC' },
    { key: 'single.seasons', value: 'spring, autumn' },
    { key: 'single.newsletter', value: 'Yes' },
  ]);
  const moreDetails = stored?.answers.find(
    (step) => step.step === 'More Details',
  );
  expect(
    moreDetails?.answers
      .slice(-5)
      .map(({ question, text }) => `${question}: ${text}`),
  ).toEqual([
    'Second phone: +1 202 555 0123',
    'Will you film with a drone?: Yes',
    'Which drone and licence?: DJI Mini 4, A2 CofC',
    'Which seasons suit you?: Spring, Autumn',
    'Send me the press newsletter: Yes',
  ]);
});

test('an optional phone left empty passes, though its calling code shows +1, and is not sent', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('no-second-phone');
  await reachMoreDetails(page, { server: 'extraAnswers', email });
  await fillMoreDetails(page);
  const secondPhone = page.getByRole('group', { name: 'Second phone' });
  await expect(
    secondPhone.getByRole('combobox', { name: 'Country calling code' }),
  ).toHaveValue('+1');
  await answerYesNo(page, 'Will you film with a drone?', 'No');
  await chooseOption(page, 'Which seasons suit you?', 'sum', 'Summer');
  await page.keyboard.press('Escape');
  await continueButton(page).click();
  await expect(thankYou(page)).toBeVisible();

  const [stored] = (await storedApplications(
    request,
    email,
    'extraAnswers',
  )) as Stored[];
  expect(
    stored?.payload.fields.filter(({ key }) =>
      key.startsWith('single.altPhone'),
    ),
  ).toEqual([]);
});

test('a multi select at its maximum says why no more options can be picked, tied to the field', async ({
  page,
}) => {
  await reachMoreDetails(page, { server: 'extraAnswers' });
  const seasons = page.getByRole('combobox', {
    name: 'Which seasons suit you?',
  });
  await chooseOption(page, 'Which seasons suit you?', 'spr', 'Spring');
  await expect(page.getByText('You can choose up to 2')).toHaveCount(0);
  await chooseOption(page, 'Which seasons suit you?', 'aut', 'Autumn');
  await expect(page.getByText('You can choose up to 2')).toBeVisible();
  await expect(seasons).toHaveAccessibleDescription('You can choose up to 2');
  await seasons.fill('');
  await expect(
    page.getByRole('option', { name: 'Winter', exact: true }),
  ).toHaveAttribute('aria-disabled', 'true');
  await page
    .getByRole('button', { name: 'Remove Autumn', exact: true })
    .click();
  await expect(page.getByText('You can choose up to 2')).toHaveCount(0);
});
