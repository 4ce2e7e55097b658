import {
  expect,
  test,
  type FrameLocator,
  type Page,
  type Request,
} from '@playwright/test';
import type { EmbedMessage } from '../../src/engine/embed/embed-protocol.ts';
import { serverUrl } from '../support/servers.ts';
import {
  continueButton,
  heading,
  passGeneralInformation,
  passMoreDetails,
  storedApplications,
  textbox,
  thankYou,
  uniqueEmail,
} from '../support/wizard.ts';

/** The organisation's own site, another origin than the wizard's: its page is made up here. */
const hostOrigin = 'http://work-with-us.example';
const wizardOrigin = new URL(serverUrl('example')).origin;

/**
 * Opens the host page with the wizard's page for a frame in an `<iframe>`, sized as the host script
 * sizes it: to each height the frame posts, taken from the wizard's origin only. Every message the
 * host page hears is kept in `heard`.
 */
async function openHostPage(page: Page, query: string): Promise<FrameLocator> {
  await page.route(`${hostOrigin}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><head><title>Work with us</title></head><body>
<h1>Work with us</h1>
<iframe id="wizard" title="Apply" style="display:block;width:100%;height:150px;border:0"
  src="${wizardOrigin}/?embed=${encodeURIComponent(hostOrigin)}&${query}"></iframe>
<script>
window.heard = [];
addEventListener('message', function (event) {
  if (event.origin !== ${JSON.stringify(wizardOrigin)}) return;
  heard.push(event.data);
  if (event.data.type === 'creator-application:resize')
    document.getElementById('wizard').style.height = event.data.height + 'px';
});
</script></body></html>`,
    }),
  );
  // Which sites may frame the wizard is the server's setting, tested with the host script; here the
  // made-up host page may, so this test sees what the page inside the frame does.
  await page.route(
    (url) => url.origin === wizardOrigin && url.searchParams.has('embed'),
    async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      for (const name of [
        'x-frame-options',
        'content-encoding',
        'content-length',
      ])
        delete headers[name];
      headers['content-security-policy'] = (
        headers['content-security-policy'] ?? ''
      ).replace("frame-ancestors 'none'", `frame-ancestors ${hostOrigin}`);
      await route.fulfill({ response, headers });
    },
  );
  await page.goto(`${hostOrigin}/`);
  const frame = page.frameLocator('#wizard');
  await expect(heading(frame, 'Welcome!')).toBeVisible();
  return frame;
}

const heard = (page: Page) =>
  page.evaluate(() => (window as unknown as { heard: EmbedMessage[] }).heard);

/** The frame's own height, and the height of the page in it. */
const heights = (page: Page, frame: FrameLocator) =>
  Promise.all([
    page.locator('#wizard').evaluate((element) => element.clientHeight),
    frame
      .locator('body')
      .evaluate((body) => Math.ceil(body.getBoundingClientRect().height)),
  ]);

/** The frame is as tall as its page, so nothing inside it scrolls. */
async function expectNoInnerScrollbar(page: Page, frame: FrameLocator) {
  await expect
    .poll(async () => {
      const [frameHeight, contentHeight] = await heights(page, frame);
      return frameHeight === contentHeight;
    })
    .toBe(true);
  const overflow = await frame
    .locator('html')
    .evaluate((root) => root.scrollHeight - root.clientHeight);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('the page in a frame has no logo or footer, sizes the frame to its content and tells the host of each step, no answer', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const frame = await openHostPage(
    page,
    'prefill.personalInfo.firstName=Ada&prefill.personalInfo.emailAddress=ada%40example.com&prefill.personalInfo.countryCode=GB',
  );
  await expect(frame.locator('html')).toHaveAttribute('data-embedded', '');
  await expect(
    frame.getByRole('img', { name: 'Visit Aldmere Coast' }),
  ).toBeHidden();
  await expect(frame.locator('footer')).toBeHidden();
  await expectNoInnerScrollbar(page, frame);

  // Nothing takes the frame's height: a taller frame leaves the page as tall as it was, so the frame
  // never grows from its own size.
  const [, welcomeHeight] = await heights(page, frame);
  await page.locator('#wizard').evaluate((element, height) => {
    element.style.height = `${height}px`;
  }, welcomeHeight + 600);
  expect((await heights(page, frame))[1]).toBe(welcomeHeight);

  await continueButton(frame).click();
  await expect(heading(frame, 'General Information')).toBeVisible();
  await expectNoInnerScrollbar(page, frame);
  expect((await heights(page, frame))[0]).toBeGreaterThan(welcomeHeight);

  // The address's answers are where the form starts, and stay the applicant's to change.
  await expect(textbox(frame, 'First Name')).toHaveValue('Ada');
  await expect(textbox(frame, 'Email Address')).toHaveValue('ada@example.com');
  await expect(
    frame.getByRole('combobox', { name: 'Country', exact: true }),
  ).toHaveValue('United Kingdom');
  await textbox(frame, 'First Name').fill('Augusta');
  await expect(textbox(frame, 'First Name')).toHaveValue('Augusta');

  const messages = await heard(page);
  expect(
    messages.filter((message) => message.type !== 'creator-application:resize'),
  ).toEqual([
    {
      type: 'creator-application:step',
      call: 'aldmere-creators',
      step: 'welcome',
      index: 0,
    },
    {
      type: 'creator-application:step',
      call: 'aldmere-creators',
      step: 'general-information',
      index: 1,
    },
  ]);
  expect(JSON.stringify(messages)).not.toContain('Ada');
});

test("an application sent from a narrow frame carries the landing's hidden value and click id, and the host hears it was stored", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 700 });
  const email = uniqueEmail('framed');
  const frame = await openHostPage(
    page,
    'ref=hotel-aldmere&gclid=Cj0KCQ-test_1&utm_campaign=spring-frame',
  );
  // A band above the step, not a screen-high cover beside it.
  const cover = await frame.locator('.wizard__cover').boundingBox();
  const main = await frame.locator('main').boundingBox();
  expect(cover?.height).toBe(160);
  expect((cover?.y ?? 0) + (cover?.height ?? 0)).toBeLessThanOrEqual(
    main?.y ?? 0,
  );

  await continueButton(frame).click();
  await expect(heading(frame, 'General Information')).toBeVisible();
  await expectNoInnerScrollbar(page, frame);
  await passGeneralInformation(frame, email);
  const sent = page.waitForRequest(
    (candidate) =>
      candidate.method() === 'PUT' &&
      candidate.url().includes('/api/syncPage/'),
  );
  await passMoreDetails(frame);
  const put: Request = await sent;
  await expect(thankYou(frame)).toBeVisible();

  expect(put.postDataJSON()).toMatchObject({
    hidden: { ref: 'hotel-aldmere' },
  });
  expect(
    new URLSearchParams((await put.headerValue('visit-source')) ?? '').get(
      'gclid',
    ),
  ).toBe('Cj0KCQ-test_1');
  await expect
    .poll(async () =>
      (await heard(page)).filter(
        (message) => message.type === 'creator-application:submitted',
      ),
    )
    .toEqual([
      { type: 'creator-application:submitted', call: 'aldmere-creators' },
    ]);
  const [stored] = await storedApplications(request, email);
  // The click id names the visit's source where no campaign tag names one.
  expect(stored).toMatchObject({
    source: { source: 'google', medium: 'cpc', campaign: 'spring-frame' },
  });
});
