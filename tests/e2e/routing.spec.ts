import { expect, test } from '@playwright/test';
import { serverUrl } from '../support/servers.ts';

test('serves the configured title and language in the HTML itself', async ({
  request,
}) => {
  const example = await (await request.get(serverUrl('example'))).text();
  expect(example).toContain('<html lang="en" dir="ltr">');
  expect(example).toContain(
    '<title>Creator Application · Visit Aldmere Coast</title>',
  );
  const skipFinal = await (
    await request.get(serverUrl('skipFinalStep'))
  ).text();
  expect(skipFinal).toContain('<html lang="en-GB" dir="ltr">');
  expect(skipFinal).toContain(
    '<title>Skip final step · Test configuration</title>',
  );
});

test('embeds the configuration so the first paint needs no extra request', async ({
  request,
}) => {
  const html = await (await request.get(serverUrl('example'))).text();
  const json =
    /<script type="application\/json" id="wizard-config"[^>]*>(.*?)<\/script>/s.exec(
      html,
    )?.[1];
  expect(JSON.parse(json ?? 'null')).toMatchObject({
    pageId: 'aldmere-creators',
    skipFinalStep: false,
  });
});

test('redirects every other page path to the empty path', async ({
  page,
  request,
}) => {
  const response = await request.get(serverUrl('example', '/step-2/edit?x=1'), {
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe('/');
  await page.goto(serverUrl('example', '/some/deep/link'));
  await expect(page).toHaveURL(serverUrl('example', '/'));
  await expect(
    page.getByRole('heading', { level: 1, name: 'Welcome!' }),
  ).toBeVisible();
});

test('answers unknown API paths with a JSON 404 instead of a redirect', async ({
  request,
}) => {
  const response = await request.get(
    serverUrl('example', '/api/nothing-here'),
    { maxRedirects: 0 },
  );
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ error: 'not_found' });
});

test('caches hashed assets for a year and the page not at all', async ({
  request,
}) => {
  const page = await request.get(serverUrl('example'));
  expect(page.headers()['cache-control']).toBe('no-cache');
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
  expect(script).toBeDefined();
  const asset = await request.get(serverUrl('example', script));
  expect(asset.status()).toBe(200);
  expect(asset.headers()['cache-control']).toBe(
    'public, max-age=31536000, immutable',
  );
});
