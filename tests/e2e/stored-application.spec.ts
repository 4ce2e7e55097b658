import { randomUUID } from 'node:crypto';
import {
  expect,
  test,
  type APIRequestContext,
  type Page,
} from '@playwright/test';
import { e2eAdminToken, serverUrl } from '../support/servers.ts';
import {
  continueButton,
  expectedPayload,
  fillGeneralInformation,
  fillMoreDetails,
  heading,
  startApplication,
} from '../support/wizard.ts';

const authorised = { Authorization: `Bearer ${e2eAdminToken}` };

async function storedFor(request: APIRequestContext, email: string) {
  const list = (await (
    await request.get(
      serverUrl(
        'example',
        `/api/applications?search=${encodeURIComponent(email)}`,
      ),
      { headers: authorised },
    )
  ).json()) as {
    items: Array<{ id: string }>;
  };
  return Promise.all(
    list.items.map(async (item) =>
      (
        await request.get(
          serverUrl('example', `/api/applications/${item.id}`),
          { headers: authorised },
        )
      ).json(),
    ),
  );
}

async function completeUpToSend(page: Page, email: string) {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (directive: string) =>
    violations.push(directive),
  );
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      (
        window as unknown as { reportCspViolation: (directive: string) => void }
      ).reportCspViolation(event.violatedDirective),
    ),
  );
  await startApplication(page);
  await fillGeneralInformation(page, email);
  await continueButton(page).click();
  await expect(heading(page, 'More Details')).toBeVisible();
  await fillMoreDetails(page);
  return violations;
}

test('stores a full application through the real server, readable through the review API', async ({
  page,
  request,
}) => {
  const email = `ada-${randomUUID()}@example.com`;
  const violations = await completeUpToSend(page, email);
  await continueButton(page).click();
  await expect(heading(page, 'Thank you for your submission!')).toBeVisible();
  const stored = await storedFor(request, email);
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({
    pageId: 'aldmere-creators',
    payload: {
      ...expectedPayload,
      personalInfo: { ...expectedPayload.personalInfo, emailAddress: email },
    },
  });
  expect(violations).toEqual([]);
});

test('stores one application when the final Continue is double-clicked', async ({
  page,
  request,
}) => {
  const email = `double-${randomUUID()}@example.com`;
  await completeUpToSend(page, email);
  await continueButton(page).dblclick();
  await expect(heading(page, 'Thank you for your submission!')).toBeVisible();
  expect(await storedFor(request, email)).toHaveLength(1);
});

test('stores one application when the answer to the first send is lost and the applicant retries', async ({
  page,
  request,
}) => {
  const email = `lost-${randomUUID()}@example.com`;
  await completeUpToSend(page, email);
  let isFirst = true;
  await page.route('**/api/syncPage/**', async (route) => {
    if (!isFirst) return route.continue();
    isFirst = false;
    await route.fetch();
    await route.abort('failed');
  });
  await continueButton(page).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Something went wrong. Please, try again later.',
  );
  await continueButton(page).click();
  await expect(heading(page, 'Thank you for your submission!')).toBeVisible();
  expect(await storedFor(request, email)).toHaveLength(1);
});
