import { readFile } from 'node:fs/promises';
import { expect, test, type Locator } from '@playwright/test';
import { turnOn } from '../support/two-step.ts';
import { serverUrl } from '../support/servers.ts';
import { addStaff, signInByApi } from '../support/workspace.ts';

// axe runs on every screen (see tests/support/axe.ts).
test.use({ bypassCSP: true });
// Each test signs in, and each password is checked by argon2id, slow by design.
test.setTimeout(90_000);

type Box = { x: number; y: number; width: number; height: number };

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width &&
  b.x < a.x + a.width &&
  a.y < b.y + b.height &&
  b.y < a.y + a.height;

/** The boxes of everything `locator` finds, in the page's order. */
const boxesOf = async (locator: Locator) =>
  Promise.all(
    (await locator.all()).map(async (element) => {
      const box = await element.boundingBox();
      if (!box) throw new Error('An element of the screen is not laid out.');
      return box;
    }),
  );

for (const width of [1280, 375])
  test(`at ${width} px the recovery codes stand in one column, clear of each other, and can be copied and downloaded`, async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const email = addStaff('reviewer');
    await signInByApi(page, serverUrl('example', ''), email);
    await page.goto(serverUrl('example', '/review/settings'));
    const { recoveryCodes } = await turnOn(page);
    expect(new Set(recoveryCodes).size).toBe(10);

    const group = page.getByRole('group', { name: 'Your recovery codes' });
    const codes = await boxesOf(group.getByRole('listitem'));
    // One column: each code starts where the first does, below the one before it.
    for (const [index, box] of codes.entries()) {
      expect(box.x).toBe(codes[0]?.x);
      if (index > 0)
        expect(box.y).toBeGreaterThanOrEqual(
          (codes[index - 1]?.y ?? 0) + (codes[index - 1]?.height ?? 0),
        );
    }
    // Nothing of the screen covers anything else, and nothing leaves it.
    const parts = await boxesOf(
      group.locator(
        ':scope > h3, :scope > p:not(:empty), :scope > ol, :scope button',
      ),
    );
    for (const [index, box] of parts.entries()) {
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      for (const other of parts.slice(index + 1))
        expect(overlap(box, other)).toBe(false);
    }
    const codeStyle = await group
      .locator('code')
      .first()
      .evaluate((code) => {
        const style = getComputedStyle(code);
        return { family: style.fontFamily, size: parseFloat(style.fontSize) };
      });
    expect(codeStyle.family).toMatch(/monospace/);
    expect(codeStyle.size).toBeGreaterThanOrEqual(14);

    await group.getByRole('button', { name: 'Copy' }).click();
    await expect(
      group.getByRole('button', { name: 'Copied', exact: true }),
    ).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    for (const code of recoveryCodes) expect(copied).toContain(code);

    const download = page.waitForEvent('download');
    await group.getByRole('button', { name: 'Download' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(
      /^[a-z0-9-]+-recovery-codes-[a-z0-9-]+\.txt$/,
    );
    const text = await readFile(await file.path(), 'utf8');
    const lines = text.split('\n');
    expect(lines.filter((line) => recoveryCodes.includes(line))).toEqual(
      recoveryCodes,
    );
  });
