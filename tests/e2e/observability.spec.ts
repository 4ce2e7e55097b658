import { readFileSync } from 'node:fs';
import { expect, test, type Page, type Request } from '@playwright/test';
import {
  analyticsEvents,
  reportedErrors,
  startRecorder,
  type RecordedRequest,
} from '../support/recorder.ts';
import { recorderPort } from '../support/servers.ts';
import {
  backButton,
  completeApplication,
  continueButton,
  heading,
  openWizard,
  passGeneralInformation,
  passMoreDetails,
  reachMoreDetails,
  signInButton,
  signInUrl,
  stubSignInPage,
  thankYou,
  uniqueEmail,
} from '../support/wizard.ts';

/** The lazily loaded chunk of each SDK, from the build's manifest. */
function sdkChunks(): { analytics: string; errorReporting: string } {
  const manifest = JSON.parse(
    readFileSync('dist/.vite/manifest.json', 'utf8'),
  ) as Record<string, { file: string }>;
  const chunk = (module: string) => {
    const found = Object.entries(manifest).find(([source]) =>
      source.includes(module),
    );
    if (!found) throw new Error(`the build has no chunk of ${module}`);
    return `/${found[1].file}`;
  };
  return {
    analytics: chunk('mixpanel-browser'),
    errorReporting: chunk('@sentry'),
  };
}

function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return requests;
}

const paths = (requests: Request[]) =>
  requests.map((request) => new URL(request.url()).pathname);

const toRecorder = (requests: Request[]) =>
  requests.filter(
    (request) => new URL(request.url()).port === String(recorderPort),
  );

// The run has one recorder port: two of these tests side by side would both listen on it,
// and without a recorder its connections are refused, as the last test wants.
test.describe.configure({ mode: 'default' });

async function errorReportingLoaded(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => '__SENTRY__' in window))
    .toBe(true);
}

const eventsNamed = (recorded: RecordedRequest[], name: string) =>
  analyticsEvents(recorded).filter((event) => event.event === name);

test.describe('with the analytics and error hosts answering', () => {
  let recorded: RecordedRequest[] = [];
  let closeRecorder = () => Promise.resolve();
  test.beforeEach(async () => {
    const recorder = await startRecorder(recorderPort);
    recorded = recorder.requests;
    closeRecorder = recorder.close;
  });
  test.afterEach(() => closeRecorder());

  test('tracks each step once, Form Submitted and Sign In Clicked, with persistence and batching off', async ({
    page,
  }) => {
    await stubSignInPage(page);
    await openWizard(page, 'observability');
    await continueButton(page).click();
    await backButton(page).click();
    await expect(heading(page, 'Welcome!')).toBeVisible();
    await continueButton(page).click();
    await passGeneralInformation(page, uniqueEmail('observed'));
    await backButton(page).click();
    await expect(heading(page, 'General Information')).toBeVisible();
    await continueButton(page).click();
    await passMoreDetails(page);
    await expect(thankYou(page)).toBeVisible();
    await expect
      .poll(() => eventsNamed(recorded, 'Form Submitted').length)
      .toBe(1);
    expect(
      await page.evaluate(() =>
        [...Object.keys(localStorage), document.cookie].filter((key) =>
          key.includes('mp_'),
        ),
      ),
    ).toEqual([]);
    await signInButton(page).click();
    await expect(page).toHaveURL(signInUrl);
    await expect
      .poll(() => eventsNamed(recorded, 'Sign In Clicked').length)
      .toBe(1);

    const events = analyticsEvents(recorded);
    expect(events.map((event) => event.event)).toEqual([
      'Step Reached',
      'Step Reached',
      'Step Reached',
      'Form Submitted',
      'Step Reached',
      'Sign In Clicked',
    ]);
    expect(
      eventsNamed(recorded, 'Step Reached').map(({ properties }) => ({
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
    // Batching would put several events in one request.
    expect(
      recorded.filter((request) => request.url.startsWith('/track')),
    ).toHaveLength(events.length);
  });

  test('reports an uncaught error with the configured DSN', async ({
    page,
  }) => {
    await openWizard(page, 'observability');
    await errorReportingLoaded(page);
    await page.evaluate(() =>
      setTimeout(() => {
        throw new Error('e2e uncaught error');
      }, 0),
    );
    await page.evaluate(() => {
      void Promise.reject(new Error('e2e unhandled rejection'));
    });
    await expect
      .poll(() => reportedErrors(recorded))
      .toEqual(
        expect.arrayContaining([
          'e2e uncaught error',
          'e2e unhandled rejection',
        ]),
      );
    const envelope = recorded.find((request) =>
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
    await openWizard(page, 'observability');
    await errorReportingLoaded(page);
    await continueButton(page).click();
    await passGeneralInformation(page, uniqueEmail('traced'));
    await passMoreDetails(page);
    await expect(thankYou(page)).toBeVisible();
    const submission = requests.find((request) =>
      request.url().includes('/api/syncPage/'),
    );
    const headers = await submission?.allHeaders();
    expect(headers?.['sentry-trace']).toMatch(
      /^[0-9a-f]{32}-[0-9a-f]{16}(-[01])?$/,
    );
    expect(headers?.baggage).toContain('sentry-environment=e2e');
    const thirdParty = toRecorder(requests);
    expect(thirdParty.length).toBeGreaterThan(0);
    for (const request of thirdParty) {
      const thirdPartyHeaders = await request.allHeaders();
      expect(thirdPartyHeaders['sentry-trace']).toBeUndefined();
      expect(thirdPartyHeaders.baggage).toBeUndefined();
    }
  });
});

test('loads both SDKs when configured, and without configuration downloads neither nor calls their hosts', async ({
  page,
  browser,
}) => {
  const { analytics, errorReporting } = sdkChunks();
  const configured = recordRequests(page);
  await openWizard(page, 'observability');
  await expect
    .poll(() => paths(configured))
    .toEqual(expect.arrayContaining([analytics, errorReporting]));

  const plain = await browser.newPage();
  const unconfigured = recordRequests(plain);
  await reachMoreDetails(plain, { email: uniqueEmail('plain') });
  expect(paths(unconfigured)).not.toContain(analytics);
  expect(paths(unconfigured)).not.toContain(errorReporting);
  expect(toRecorder(unconfigured)).toEqual([]);
  await plain.close();
});

test('completes the application when the analytics and error hosts refuse connections', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const requests = recordRequests(page);
  await completeApplication(page, {
    server: 'observability',
    email: uniqueEmail('refused'),
  });
  await expect.poll(() => toRecorder(requests).length).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});
