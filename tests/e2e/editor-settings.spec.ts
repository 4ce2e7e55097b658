import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { defaultTexts } from '../../src/engine/texts.ts';
import { notAnImage } from '../../src/server/form/image-variants.ts';
import { seriousViolations } from '../support/axe.ts';
import { startFormServers } from '../support/form-servers.ts';

// The form editor's settings sections (Texts, Images, Colours) end to end, on a server of its
// own: uploads change the form it serves.

const admin = 'sam@example.org';

let servers: Awaited<ReturnType<typeof startFormServers>>;

test.beforeAll(async () => {
  servers = await startFormServers(1, { engine: 'sqlite' });
  servers.addStaff(admin, 'admin');
});

test.afterAll(() => servers.stop());

test.setTimeout(120_000);
// axe is injected into the pages it checks.
test.use({ bypassCSP: true });

async function openEditor(page: Page, section: string) {
  await servers.signIn(page, admin, '/review/form');
  // The editor is a lazy chunk, fetched on a machine other suites keep busy.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Form' }),
  ).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: section, exact: true }).click();
}

/** Axe finds nothing serious at a desktop's width and at a phone's. */
async function expectAxeCleanAtBothWidths(page: Page) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousViolations(page), `at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A file dropped on `zone` as a browser delivers a drag from the desktop. */
async function dropFile(
  page: Page,
  zone: Locator,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const dataTransfer = await page.evaluateHandle(
    ({ bytes, name, mimeType }) => {
      const transfer = new DataTransfer();
      transfer.items.add(
        new File([new Uint8Array(bytes)], name, { type: mimeType }),
      );
      return transfer;
    },
    { bytes: [...file.buffer], name: file.name, mimeType: file.mimeType },
  );
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer();

test('the Texts tab names every text in words, grouped, and never shows its key', async ({
  page,
}) => {
  await openEditor(page, 'Texts');
  const section = page.getByRole('region', { name: 'Texts and messages' });
  await expect(section).toBeVisible();
  // What the issue saw: the raw keys as labels.
  for (const key of ['signIn', 'submitError', 'phoneCodeRequired'])
    await expect(section.getByText(key, { exact: true })).toHaveCount(0);
  const fields = section.getByRole('textbox');
  await expect(fields).toHaveCount(Object.keys(defaultTexts).length);
  const keys = new Set(Object.keys(defaultTexts));
  for (const field of await fields.all()) {
    const name = await field.evaluate(
      (element) => (element as HTMLInputElement).labels?.[0]?.textContent,
    );
    expect(name, 'every text has a label').toBeTruthy();
    expect(keys.has(name ?? ''), `${name} is a key`).toBe(false);
    expect(name, 'a label in words, not code').not.toMatch(/\b[a-z]+[A-Z]\w*/);
  }

  for (const group of ['Buttons', 'Error messages'])
    await expect(section.getByRole('group', { name: group })).toBeVisible();

  // Labelled by what it is, where it shows, and this form's step.
  await expect(
    section.getByLabel(
      'Phone number’s calling code missing, under a phone question whose calling code is empty or unknown (step: General Information)',
    ),
  ).toBeVisible();
  await section
    .getByLabel(
      'Continue button, under every step but the last, unless the step has a button text of its own',
    )
    .fill('Next step');
  await expect(
    page
      .frameLocator('iframe[title="Preview of the form"]')
      .getByRole('button', { name: 'Next step' }),
  ).toBeVisible();

  await expectAxeCleanAtBothWidths(page);
});

test('a landscape cover dropped on the drop zone shows its phone and desktop crops and a warning; a refused file shows the server’s message and keeps it', async ({
  page,
}) => {
  await openEditor(page, 'Images');
  const cover = page.getByRole('group', { name: /^Cover 1/ });
  const zone = cover.locator('.form-settings__drop');
  await expect(zone, 'a drop zone for cover 1').toBeVisible();
  const current = zone.locator('img');
  const before = await current.getAttribute('src');

  await dropFile(page, zone, {
    name: 'harbour.png',
    mimeType: 'image/png',
    buffer: await photo(1600, 900),
  });
  // Six encodes of the image (AVIF and WebP, three widths) on a busy machine.
  await expect(cover.getByText('Cover 1 uploaded.')).toBeVisible({
    timeout: 30_000,
  });
  await expect(current).toHaveAttribute(
    'src',
    /^\/images\/uploads\/[0-9a-f]{20}-\d+\.webp$/,
  );
  const uploaded = await current.getAttribute('src');
  expect(uploaded).not.toBe(before);

  const crops = cover.getByRole('group', { name: 'Cover 1 as it will show' });
  const phone = crops.getByRole('figure').filter({ hasText: 'On a phone' });
  const desktop = crops.getByRole('figure').filter({ hasText: 'On a desktop' });
  await expect(phone).toContainText(
    'On a phone (375 × 812): 86% of its width, all of its height',
  );
  await expect(desktop).toContainText(
    'On a desktop (1280 × 800): 40% of its width, all of its height',
  );
  // Drawn to scale, each cropped by the browser as the wizard crops it.
  for (const figure of [phone, desktop]) {
    const image = figure.locator('img');
    await expect(image).toHaveAttribute('src', uploaded ?? '');
    await expect(image).toHaveCSS('object-fit', 'cover');
  }
  const phoneBox = await phone.locator('img').boundingBox();
  const desktopBox = await desktop.locator('img').boundingBox();
  expect((phoneBox?.width ?? 0) / (phoneBox?.height ?? 1)).toBeCloseTo(
    375 / 243.6,
    1,
  );
  expect((desktopBox?.width ?? 0) / (desktopBox?.height ?? 1)).toBeCloseTo(
    576 / 800,
    1,
  );
  await expect(crops).toContainText(
    'On desktops only 40% of this picture’s width shows: its left and right are cut off.',
  );
  // Its description sits beside it, and is required before publishing.
  await expect(
    cover.getByLabel('Cover 1 description (alternative text), required'),
  ).toBeVisible();

  // A file the server cannot read, chosen from the keyboard: its own words, where it was
  // dropped, and the picture stays.
  await cover.getByLabel('Upload cover 1').focus();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  await (
    await chooser
  ).setFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('These are notes, not a picture.'),
  });
  await expect(cover.getByRole('alert')).toHaveText(
    `${notAnImage} The current picture is kept.`,
  );
  await expect(current).toHaveAttribute('src', uploaded ?? '');
  await expect(phone.locator('img')).toHaveAttribute('src', uploaded ?? '');

  await expectAxeCleanAtBothWidths(page);
});

test('each colour shows its swatch, hex value and contrast with a pass or fail badge', async ({
  page,
}) => {
  await openEditor(page, 'Colours');
  const brand = page.getByRole('group', { name: /^Brand colour/ });
  await expect(brand.getByRole('listitem').first()).toHaveText(
    'White text on the brand colour: 7.58:1 Passes',
  );
  await expect(brand).toContainText('Shown: #0b5d66, the default');
  await brand.getByLabel(/as #rrggbb/).fill('#7dd3fc');
  await expect(brand).toContainText('Shown: #7dd3fc');
  await expect(brand.getByRole('listitem').first()).toHaveText(
    'White text on the brand colour: 1.67:1 Fails',
  );
  await expect(brand.getByLabel(/^Pick the brand colour/)).toHaveValue(
    '#7dd3fc',
  );
  await expect(brand.locator('.form-settings__swatch')).toHaveCSS(
    'background-color',
    'rgb(125, 211, 252)',
  );
  await expectAxeCleanAtBothWidths(page);
});
