import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { validApplication } from '../support/fixtures.ts';
import { serverUrl } from '../support/servers.ts';
import { addStaff, signIn, submitApplication } from '../support/workspace.ts';

// axe runs on the Calls screen (see tests/support/axe.ts); dates are typed in Berlin's time.
test.use({ bypassCSP: true, timezoneId: 'Europe/Berlin' });

const origin = serverUrl('example', '');

/** A call made through the staff API as the signed-in admin, with an address no other test uses. */
async function makeCall(
  page: Page,
  settings: Record<string, unknown> = {},
): Promise<{ slug: string; title: string }> {
  const slug = `trip-${randomUUID().slice(0, 8)}`;
  const title = `Press trip ${slug.slice(5)}`;
  const response = await page.request.post(
    serverUrl('example', '/api/review/calls'),
    { headers: { origin }, data: { slug, title, ...settings } },
  );
  expect(response.status()).toBe(201);
  return { slug, title };
}

/** An application sent to a call through its own public address; returns the name it is listed by. */
async function applyTo(page: Page, slug: string): Promise<string> {
  const lastName = `Caller${randomUUID().slice(0, 8)}`;
  const application = validApplication({
    firstName: 'Bea',
    emailAddress: `${lastName.toLowerCase()}@example.com`,
  });
  application.personalInfo.lastName = lastName;
  const response = await page.request.put(
    serverUrl('example', `/api/syncPage/${slug}`),
    { headers: { 'idempotency-key': randomUUID() }, data: application },
  );
  expect(response.status()).toBe(201);
  return `Bea ${lastName}`;
}

const switcher = (page: Page) =>
  page.getByRole('main').getByLabel('Call', { exact: true });

test('the call chosen in the switcher is in the address, filters the inbox, and stays through tabs and filters', async ({
  page,
}) => {
  await signIn(page, addStaff('admin'));
  // Applicants of the United Kingdom miss a call for Germany: they are taken, and marked.
  const trip = await makeCall(page, { eligibility: { countries: ['DE'] } });
  const inCall = await applyTo(page, trip.slug);
  const inDefault = await submitApplication(page);

  await page.goto(serverUrl('example', '/review'));
  await expect(page.getByRole('link', { name: inDefault })).toBeVisible();
  await switcher(page).selectOption({ label: `${trip.title} (Open)` });
  await expect(page).toHaveURL(new RegExp(`\\?call=${trip.slug}$`));
  await expect(page.getByRole('link', { name: inCall })).toBeVisible();
  await expect(page.getByRole('link', { name: inDefault })).toHaveCount(0);

  const row = page.getByRole('row', { name: new RegExp(inCall) });
  await row.getByText('Misses 1 rule').click();
  await expect(row.getByText(/not in Germany/)).toBeVisible();

  // A stage tab and a filter keep the call; the insights follow it.
  await page
    .getByRole('navigation', { name: 'Stages' })
    .getByRole('link', { name: /^New/ })
    .click();
  await expect(page).toHaveURL(/stage=new/);
  expect(new URL(page.url()).searchParams.get('call')).toBe(trip.slug);
  await page.getByLabel('Eligibility').selectOption('Misses a rule');
  await expect(page).toHaveURL(/eligible=no/);
  expect(new URL(page.url()).searchParams.get('call')).toBe(trip.slug);
  await expect(page.getByRole('link', { name: inCall })).toBeVisible();
  await expect(
    page
      .getByRole('navigation', { name: 'Workspace' })
      .getByRole('link', { name: 'Insights' }),
  ).toHaveAttribute('href', `/review/insights?call=${trip.slug}`);

  // Opened, the application names its call and the rule it misses.
  await page.getByRole('link', { name: inCall }).click();
  const panel = page.getByRole('complementary');
  await expect(panel.getByText(trip.title)).toBeVisible();
  await expect(panel.getByText(/not in Germany/)).toBeVisible();

  await switcher(page).selectOption({ label: 'All calls' });
  await expect(page).not.toHaveURL(/call=/);
  await expect(page).toHaveURL(/eligible=no/);
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page.getByRole('link', { name: inDefault })).toBeVisible();
  await expect(page.getByRole('link', { name: inCall })).toBeVisible();
});

test('an admin makes a call from a copy of another’s form, with 5 places and a closing date in their own time', async ({
  page,
}) => {
  await signIn(page, addStaff('admin'));
  await page
    .getByRole('navigation', { name: 'Workspace' })
    .getByRole('link', { name: 'Calls' })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Calls' }),
  ).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const words = randomUUID().slice(0, 8);
  const title = `Summer on the coast ${words}`;
  const slug = `summer-on-the-coast-${words}`;
  const year = new Date().getFullYear() + 1;
  await page.getByRole('button', { name: 'New call' }).click();
  const dialog = page.getByRole('dialog', { name: 'New call' });
  await dialog.getByLabel('Title').fill(title);
  // The address is made from the title.
  await expect(dialog.getByLabel('Address')).toHaveValue(slug);
  await expect(dialog.getByLabel('Copy the form of')).toHaveValue(
    'aldmere-creators',
  );
  await dialog.getByLabel('Places').fill('5');
  await dialog.getByLabel('Closes').fill(`${year}-03-31T18:00`);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Create call' }).click();
  await expect(page.getByRole('status')).toContainText(
    `“${title}” is made; its form is a copy of`,
  );
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('0 of 5 places');
  await expect(row).toContainText('Open');

  // Berlin is two hours ahead of UTC at the end of March.
  const calls = (await (
    await page.request.get(serverUrl('example', '/api/review/calls'))
  ).json()) as Array<{ slug: string; closesAt: string; places: number }>;
  expect(calls.find((each) => each.slug === slug)).toMatchObject({
    closesAt: `${year}-03-31T16:00:00.000Z`,
    places: 5,
  });

  // The same address again is refused at the field, and nothing typed is lost.
  await page.getByRole('button', { name: 'New call' }).click();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Places').fill('3');
  await dialog.getByRole('button', { name: 'Create call' }).click();
  await expect(dialog.getByLabel('Address')).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(dialog.getByLabel('Address')).toBeFocused();
  await expect(dialog.getByLabel('Title')).toHaveValue(title);
  await expect(dialog.getByLabel('Places')).toHaveValue('3');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Its form opens in the editor, under the call's title, with the way back.
  await row.getByRole('link', { name: /^Edit form/ }).click();
  await expect(page).toHaveURL(
    serverUrl('example', `/review/calls/${slug}/form`),
  );
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(title) }),
  ).toBeVisible();
  await page.getByRole('link', { name: '← Calls' }).click();
  await expect(page).toHaveURL(serverUrl('example', '/review/calls'));
});

test('accepting beyond a call’s places asks first, in the call’s words', async ({
  page,
}) => {
  await signIn(page, addStaff('admin'));
  const trip = await makeCall(page, { places: 1 });
  const first = await applyTo(page, trip.slug);
  const second = await applyTo(page, trip.slug);
  await page.goto(serverUrl('example', `/review?call=${trip.slug}`));

  await page.getByRole('link', { name: first }).click();
  const panel = page.getByRole('complementary');
  const accept = panel.getByRole('button', { name: 'Accept a', exact: true });
  await accept.click();
  await expect(panel.getByText('Accepted', { exact: true })).toBeVisible();
  await expect(panel.getByText(/This call has/)).toHaveCount(0);

  await page.getByRole('link', { name: second }).click();
  await accept.click();
  await expect(
    panel.getByText('This call has 1 place and 1 accepted.'),
  ).toBeVisible();
  // Nothing is sent before the answer: Cancel leaves it where it was.
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel.getByText('New', { exact: true })).toBeVisible();
  await accept.click();
  await panel.getByRole('button', { name: 'Accept anyway' }).click();
  await expect(panel.getByText('Accepted', { exact: true })).toBeVisible();
});
