import { createServer, type Server } from 'node:http';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Frame,
  type Page,
} from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { readmeBlock } from '../support/readme.ts';
import {
  e2eAdminToken,
  embedHostOrigin,
  embedHostPort,
  serverUrl,
} from '../support/servers.ts';
import {
  continueButton,
  heading,
  passGeneralInformation,
  passMoreDetails,
  thankYou,
  uniqueEmail,
} from '../support/wizard.ts';

// The organisation's own page, on another origin than the form's, with the README's own lines on
// it: the one EMBED_ORIGINS names (the embed server is started with it), and one it does not.

const formOrigin = serverUrl('embed', '');
/** The server's address as the README writes it, replaced by the embed server's. */
const readmeOrigin = 'https://apply.example.org';
const fromReadme = (heading: string, language: string) =>
  readmeBlock(heading, language).trim().replaceAll(readmeOrigin, formOrigin);

const snippets: Record<string, string> = {
  inline: fromReadme('### The form on your page', 'html'),
  popup: fromReadme('### Behind a button', 'html'),
  // A frame put on the page by hand, without the script: only the browser's framing rule stands.
  raw: `<iframe title="Form without the script" src="${formOrigin}/apply/aldmere-creators"></iframe>`,
};
/** The README's listener: it logs each application the frame reports as sent. */
const listener = fromReadme('### What your page hears', 'js');
const call = 'aldmere-creators';

function hostPage(snippet: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Work with us · Aldmere Coast</title></head><body><main><h1>Work with us</h1><p>Creators who love the coast: tell us about you.</p>${snippet}</main><script>${listener}</script></body></html>`;
}

async function serveHost(port: number): Promise<Server> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://host').pathname.slice(1);
    const snippet =
      path === 'both' ? `${snippets.inline}${snippets.popup}` : snippets[path];
    if (!snippet) return response.writeHead(404).end();
    response
      .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
      .end(hostPage(snippet));
  });
  await new Promise<void>((listening) =>
    server.listen(port, '127.0.0.1', listening),
  );
  return server;
}

const originOf = (server: Server) => {
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
};

let listed: Server;
let unlisted: Server;

test.beforeAll(async () => {
  listed = await serveHost(embedHostPort);
  unlisted = await serveHost(0);
});

test.afterAll(async () => {
  await Promise.all(
    [listed, unlisted].map(
      (server) => new Promise((closed) => server.close(closed)),
    ),
  );
});

const campaign =
  '?utm_source=hotel-newsletter&utm_medium=email&utm_campaign=spring';

/** The form's document in the page's frame, once it has one. */
async function formFrame(page: Page): Promise<Frame> {
  const element = await page.locator('iframe').elementHandle();
  const inner = await element?.contentFrame();
  if (!inner) throw new Error('the frame has no document');
  return inner;
}

/** Whether the frame shows all its content: its document is no taller than the frame. */
const fitsItsFrame = (frame: Frame) =>
  frame.evaluate(
    () =>
      document.documentElement.scrollHeight <=
      document.documentElement.clientHeight,
  );

const frameHeight = async (page: Page) =>
  (await page.locator('iframe').boundingBox())?.height ?? 0;

/** The stored application of `email` as the workspace's API shows it. */
async function storedApplication(request: APIRequestContext, email: string) {
  const headers = { Authorization: `Bearer ${e2eAdminToken}` };
  const list = await request.get(
    serverUrl(
      'embed',
      `/api/review/applications?call=${call}&search=${encodeURIComponent(email)}`,
    ),
    { headers },
  );
  expect(list.ok()).toBe(true);
  const { items } = (await list.json()) as { items: Array<{ id: string }> };
  expect(items).toHaveLength(1);
  const item = await request.get(
    serverUrl('embed', `/api/review/applications/${items[0]?.id}`),
    { headers },
  );
  expect(item.ok()).toBe(true);
  return item.json() as Promise<Record<string, unknown>>;
}

async function hostContext(browser: Browser, width: number) {
  // axe is injected as an inline script, which the form's policy rightly refuses.
  return browser.newContext({
    viewport: { width, height: 800 },
    bypassCSP: true,
  });
}

for (const width of [375, 1280])
  test(`at ${width} px the frame grows from Welcome to General Information with no inner scrollbar`, async ({
    browser,
  }) => {
    const context = await hostContext(browser, width);
    const page = await context.newPage();
    await page.goto(`${embedHostOrigin}/inline${campaign}`);
    const frame = page.frameLocator('iframe[title="Application form"]');
    await expect(heading(frame, 'Welcome!')).toBeVisible();
    // The frame's address names the host page's origin and carries its campaign and the ref.
    const address = new URL(
      (await page.locator('iframe').getAttribute('src')) ?? '',
    );
    expect(address.pathname).toBe(`/apply/${call}`);
    expect(Object.fromEntries(address.searchParams)).toEqual({
      embed: embedHostOrigin,
      utm_source: 'hotel-newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring',
      ref: 'hotel-aldmere',
    });
    const inner = await formFrame(page);
    await expect.poll(() => fitsItsFrame(inner)).toBe(true);
    const welcomeHeight = await frameHeight(page);
    expect(await seriousViolations(inner)).toEqual([]);

    await continueButton(frame).click();
    await expect(heading(frame, 'General Information')).toBeVisible();
    await expect.poll(() => frameHeight(page)).toBeGreaterThan(welcomeHeight);
    await expect.poll(() => fitsItsFrame(inner)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

test('a whole application inside the frame: the host page hears it sent, and it carries the host page’s campaign and ref', async ({
  browser,
  request,
}) => {
  const context = await hostContext(browser, 1280);
  const page = await context.newPage();
  await page.goto(`${embedHostOrigin}/inline${campaign}`);
  const frame = page.frameLocator('iframe[title="Application form"]');
  await continueButton(frame).click();
  const email = uniqueEmail('embedded');
  await passGeneralInformation(frame, email);
  // Listened for before the last Continue, which sends the application.
  const heard = page.waitForEvent(
    'console',
    (message) => message.text() === `Application sent to ${call}`,
  );
  await passMoreDetails(frame);
  await expect(thankYou(frame)).toBeVisible();
  const stored = await storedApplication(request, email);
  expect(stored.source).toEqual({
    source: 'hotel-newsletter',
    medium: 'email',
    campaign: 'spring',
  });
  expect(stored.hidden).toEqual({ ref: 'hotel-aldmere' });
  await heard;
  expect(await fitsItsFrame(await formFrame(page))).toBe(true);
  await context.close();
});

for (const width of [375, 1280])
  test(`at ${width} px the popup opens by keyboard, keeps focus inside, closes with Esc and gives focus back`, async ({
    browser,
  }) => {
    const context = await hostContext(browser, width);
    const page = await context.newPage();
    await page.goto(`${embedHostOrigin}/popup`);
    const open = page.getByRole('button', { name: 'Apply now', exact: true });
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Application form' });
    await expect(dialog).toBeVisible();
    const close = dialog.getByRole('button', { name: 'Close', exact: true });
    await expect(close).toBeFocused();
    const frame = page.frameLocator('iframe[title="Application form"]');
    await expect(heading(frame, 'Welcome!')).toBeVisible();
    // A phone's width on a phone, 720 px on a desktop.
    expect((await dialog.boundingBox())?.width).toBe(Math.min(width, 720));
    // The page behind is inert: Tab goes from the close button into the form, not to the page.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe(
      'IFRAME',
    );
    const inner = await formFrame(page);
    await expect.poll(() => fitsItsFrame(inner)).toBe(true);
    expect(await seriousViolations(inner)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);

    // Esc from inside the form, where focus still is, closes the dialog as it does on the page.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe(
      'IFRAME',
    );
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
    // Opened again, the form is where it was; its close button closes it as well.
    await page.keyboard.press('Enter');
    await expect(heading(frame, 'Welcome!')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
    await context.close();
  });

test('a site EMBED_ORIGINS does not name gets a link and a reason in its console, and a frame of its own stays empty', async ({
  page,
}) => {
  const host = originOf(unlisted);
  const reason = page.waitForEvent('console', (message) =>
    message.text().includes(`add ${host} to its EMBED_ORIGINS`),
  );
  await page.goto(`${host}/inline${campaign}`);
  expect((await reason).type()).toBe('error');
  await expect(page.locator('iframe')).toHaveCount(0);
  const link = page.getByRole('link', { name: 'Application form' });
  const href = new URL((await link.getAttribute('href')) ?? '');
  expect(href.origin + href.pathname).toBe(`${formOrigin}/apply/${call}`);
  expect(href.searchParams.get('utm_source')).toBe('hotel-newsletter');
  expect(href.searchParams.has('embed')).toBe(false);

  // Framed by hand, the browser refuses the form's page.
  const refused = page.waitForEvent('console', (message) =>
    /frame-ancestors/.test(message.text()),
  );
  await page.goto(`${host}/raw`);
  await refused;
  const frame = page.frameLocator('iframe[title="Form without the script"]');
  await expect(heading(frame, 'Welcome!')).toHaveCount(0);
  // The same frame on the site it names loads the form.
  await page.goto(`${embedHostOrigin}/raw`);
  await expect(heading(frame, 'Welcome!')).toBeVisible();
});

test('two scripts on one page: each puts its own form where it stands and sizes only its own frame', async ({
  browser,
}) => {
  const context = await hostContext(browser, 1280);
  const page = await context.newPage();
  await page.goto(`${embedHostOrigin}/both`);
  const inline = page.locator('script + iframe[title="Application form"]');
  await expect(
    heading(page.frameLocator('script + iframe'), 'Welcome!'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Apply now', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Application form' });
  await expect(
    heading(dialog.frameLocator('iframe'), 'Welcome!'),
  ).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(2);
  const inlineFrame = await (await inline.elementHandle())?.contentFrame();
  const dialogFrame = await (
    await dialog.locator('iframe').elementHandle()
  )?.contentFrame();
  if (!inlineFrame || !dialogFrame) throw new Error('a frame has no document');
  await expect.poll(() => fitsItsFrame(inlineFrame)).toBe(true);
  await expect.poll(() => fitsItsFrame(dialogFrame)).toBe(true);
  // The dialog's form moves on; the frame on the page keeps its own height.
  const inlineBox = await inline.boundingBox();
  await continueButton(dialog.frameLocator('iframe')).click();
  await expect(
    heading(dialog.frameLocator('iframe'), 'General Information'),
  ).toBeVisible();
  await expect.poll(() => fitsItsFrame(dialogFrame)).toBe(true);
  expect(await inline.boundingBox()).toEqual(inlineBox);
  await context.close();
});
