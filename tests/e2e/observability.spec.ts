import { readFileSync } from 'node:fs';
import { expect, test, type Page, type Request } from '@playwright/test';
import {
  analyticsEvents,
  reportedErrors,
  startRecorder,
  type RecordedRequest,
} from '../support/recorder.ts';
import { recorderPort, serverUrl } from '../support/servers.ts';
import {
  continueButton,
  fillGeneralInformation,
  fillMoreDetails,
  heading,
  signInUrl,
  stubSignInPage,
} from '../support/wizard.ts';

// The run has one recorder port, so these tests run one after the other.
test.describe.configure({ mode: 'serial' });

let recorder: Awaited<ReturnType<typeof startRecorder>>;
test.beforeAll(async () => {
  recorder = await startRecorder(recorderPort);
});
test.afterAll(() => recorder.close());
test.beforeEach(() => {
  recorder.requests.length = 0;
});

/** The lazily loaded chunks of each SDK, from the build's manifest. */
function sdkChunks(): string[] {
  const manifest = JSON.parse(
    readFileSync('dist/.vite/manifest.json', 'utf8'),
  ) as Record<string, { file: string }>;
  return Object.entries(manifest)
    .filter(
      ([source]) =>
        source.includes('mixpanel-browser') || source.includes('@sentry'),
    )
    .map(([, chunk]) => `/${chunk.file}`);
}

function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return requests;
}

const eventsNamed = (name: string) =>
  analyticsEvents(recorder.requests).filter((event) => event.event === name);

test('tracks each step once, Form Submitted and Sign In Clicked, with persistence and batching off', async ({
  page,
}) => {
  await stubSignInPage(page);
  await page.goto(serverUrl('observability'));
  await expect(heading(page, 'Welcome!')).toBeVisible();
  await continueButton(page).click();
  await page.getByRole('button', { name: 'Back' }).click();
  await continueButton(page).click();
  await fillGeneralInformation(page, `observed-${Date.now()}@example.com`);
  await continueButton(page).click();
  await expect(heading(page, 'More Details')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await continueButton(page).click();
  await fillMoreDetails(page);
  await continueButton(page).click();
  await expect(heading(page, 'Thank you for your submission!')).toBeVisible();
  await expect.poll(() => eventsNamed('Form Submitted').length).toBe(1);
  expect(
    await page.evaluate(() =>
      [...Object.keys(localStorage), document.cookie].filter((key) =>
        key.includes('mp_'),
      ),
    ),
  ).toEqual([]);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(signInUrl);
  await expect.poll(() => eventsNamed('Sign In Clicked').length).toBe(1);

  const events = analyticsEvents(recorder.requests);
  expect(events.map((event) => event.event)).toEqual([
    'Step Reached',
    'Step Reached',
    'Step Reached',
    'Form Submitted',
    'Step Reached',
    'Sign In Clicked',
  ]);
  expect(
    eventsNamed('Step Reached').map(({ properties }) => ({
      step: properties.step,
      sync: properties.sync,
      steps: properties.steps,
    })),
  ).toEqual([
    { step: 1, sync: false, steps: 4 },
    { step: 2, sync: false, steps: 4 },
    { step: 3, sync: true, steps: 4 },
    { step: 4, sync: false, steps: 4 },
  ]);
  for (const { properties } of events) {
    expect(properties.token).toBe('e2e-analytics-token');
    expect(String(properties.distinct_id)).not.toMatch(/^\$device:/);
    expect(String(properties.distinct_id).length).toBeGreaterThan(8);
  }
  // No batching: one request per event.
  expect(
    recorder.requests.filter((request) => request.url.startsWith('/track')),
  ).toHaveLength(events.length);
});

test('reports an uncaught error with the configured DSN', async ({ page }) => {
  await page.goto(serverUrl('observability'));
  await expect(heading(page, 'Welcome!')).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => '__SENTRY__' in window))
    .toBe(true);
  await page.evaluate(() =>
    setTimeout(() => {
      throw new Error('e2e uncaught error');
    }, 0),
  );
  await page.evaluate(() => {
    void Promise.reject(new Error('e2e unhandled rejection'));
  });
  await expect
    .poll(() => reportedErrors(recorder.requests))
    .toEqual(
      expect.arrayContaining(['e2e uncaught error', 'e2e unhandled rejection']),
    );
  const envelope = recorder.requests.find((request: RecordedRequest) =>
    request.url.includes('/envelope/'),
  );
  expect(envelope?.url).toMatch(
    /^\/api\/42\/envelope\/\?.*sentry_key=e2epublickey/,
  );
});

test('adds tracing headers to the submission and to no third-party request', async ({
  page,
}) => {
  const requests = recordRequests(page);
  await page.goto(serverUrl('observability'));
  await expect
    .poll(() => page.evaluate(() => '__SENTRY__' in window))
    .toBe(true);
  await continueButton(page).click();
  await fillGeneralInformation(page, `traced-${Date.now()}@example.com`);
  await continueButton(page).click();
  await fillMoreDetails(page);
  await continueButton(page).click();
  await expect(heading(page, 'Thank you for your submission!')).toBeVisible();
  const submission = requests.find((request) =>
    request.url().includes('/api/syncPage/'),
  );
  const headers = await submission?.allHeaders();
  expect(headers?.['sentry-trace']).toMatch(
    /^[0-9a-f]{32}-[0-9a-f]{16}(-[01])?$/,
  );
  expect(headers?.baggage).toContain('sentry-environment=e2e');
  const thirdParty = requests.filter(
    (request) => new URL(request.url()).port === String(recorderPort),
  );
  expect(thirdParty.length).toBeGreaterThan(0);
  for (const request of thirdParty) {
    const thirdPartyHeaders = await request.allHeaders();
    expect(thirdPartyHeaders['sentry-trace']).toBeUndefined();
    expect(thirdPartyHeaders.baggage).toBeUndefined();
  }
});

test('loads both SDKs when configured, and without configuration downloads neither nor calls their hosts', async ({
  page,
  browser,
}) => {
  const chunks = sdkChunks();
  expect(chunks.length).toBeGreaterThanOrEqual(2);
  const configured = recordRequests(page);
  await page.goto(serverUrl('observability'));
  await expect
    .poll(() => page.evaluate(() => '__SENTRY__' in window))
    .toBe(true);
  const configuredPaths = configured.map(
    (request) => new URL(request.url()).pathname,
  );
  expect(chunks.some((chunk) => configuredPaths.includes(chunk))).toBe(true);

  const plain = await browser.newPage();
  const unconfigured = recordRequests(plain);
  await plain.goto(serverUrl('example'));
  await continueButton(plain).click();
  await fillGeneralInformation(plain, `plain-${Date.now()}@example.com`);
  await continueButton(plain).click();
  await expect(heading(plain, 'More Details')).toBeVisible();
  const paths = unconfigured.map((request) => new URL(request.url()).pathname);
  expect(paths.filter((path) => chunks.includes(path))).toEqual([]);
  expect(
    unconfigured.filter(
      (request) => new URL(request.url()).port === String(recorderPort),
    ),
  ).toEqual([]);
  await plain.close();
});

test('completes the application when the analytics and error hosts refuse connections', async ({
  page,
}) => {
  await recorder.close();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(serverUrl('observability'));
  await continueButton(page).click();
  await fillGeneralInformation(page, `refused-${Date.now()}@example.com`);
  await continueButton(page).click();
  await fillMoreDetails(page);
  await continueButton(page).click();
  await expect(heading(page, 'Thank you for your submission!')).toBeVisible();
  expect(errors).toEqual([]);
  recorder = await startRecorder(recorderPort);
});
