import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { serverUrl } from '../support/servers.ts';
import { addStaff, signIn } from '../support/workspace.ts';

// axe runs in the dialog (see tests/support/axe.ts).
test.use({ bypassCSP: true });

const origin = serverUrl('example', '');
const slug = 'aldmere-creators';

async function openLinks(page: Page) {
  await signIn(page, addStaff('reviewer'), '/review/calls');
  const row = page
    .getByRole('row')
    .filter({ hasText: `/apply/${slug}` })
    .first();
  await row.getByRole('button', { name: /^Links/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Links to/ });
  await expect(dialog).toBeVisible();
  return { row, dialog };
}

test('a partner’s link and embed line follow what is typed, and Copy copies them and says so', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin,
  });
  const { row, dialog } = await openLinks(page);
  const link = dialog.getByRole('textbox', { name: 'Link', exact: true });
  const code = dialog.getByRole('textbox', { name: 'Embed code' });
  // Without a partner: the organisation's own link and line.
  await expect(link).toHaveValue(`${origin}/apply/${slug}`);
  await expect(code).toHaveValue(
    `<script src="${origin}/embed.js" data-call="${slug}" async></script>`,
  );

  await dialog.getByLabel('Partner’s name').fill('Hôtel du Lac');
  await expect(dialog.getByLabel('Partner reference')).toHaveValue(
    'hotel-du-lac',
  );
  const tagged = `${origin}/apply/${slug}?ref=hotel-du-lac&utm_source=hotel-du-lac&utm_medium=partner&utm_campaign=${slug}`;
  await expect(link).toHaveValue(tagged);
  await dialog.getByLabel('Medium (utm_medium)').fill('hotel newsletter');
  await expect(link).toHaveValue(
    tagged.replace('utm_medium=partner', 'utm_medium=hotel+newsletter'),
  );
  await dialog.getByLabel('Open the form in a dialog, behind a button').check();
  await expect(code).toHaveValue(
    `<script src="${origin}/embed.js" data-call="${slug}" data-ref="hotel-du-lac" data-mode="popup" data-button="Apply now" async></script>`,
  );

  await dialog.getByRole('button', { name: 'Copy link' }).click();
  // Said on the button that was pressed, and only there.
  await expect(dialog.getByRole('button', { name: 'Copied' })).toHaveCount(1);
  await expect(dialog.getByRole('button', { name: 'Copy link' })).toHaveCount(
    0,
  );
  await expect(dialog.getByRole('status')).toHaveText('Link copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    await link.inputValue(),
  );
  // The other output is still to be copied; changing a field makes the copied link stale.
  await expect(dialog.getByRole('button', { name: 'Copy code' })).toBeVisible();
  await dialog.getByLabel('Campaign (utm_campaign)').fill('summer');
  await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeVisible();

  // The link leads to the call's form.
  const landing = await page.request.get(await link.inputValue());
  expect(landing.status()).toBe(200);

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousViolations(page), `at ${width} px`).toEqual([]);
  }

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(row.getByRole('button', { name: /^Links/ })).toBeFocused();
});

test('a reference with capitals and spaces is refused at its field, and no link is shown until it is right', async ({
  page,
}) => {
  const { dialog } = await openLinks(page);
  const reference = dialog.getByLabel('Partner reference');
  await reference.fill('Hotel du Lac');
  await expect(reference).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toContainText(
    'Only lower-case letters, digits, - and _ (no spaces), such as hotel-du-lac.',
  );
  await expect(dialog.getByRole('textbox', { name: 'Link' })).toHaveCount(0);
  await reference.fill('hotel_du_lac');
  await expect(reference).not.toHaveAttribute('aria-invalid', 'true');
  await expect(
    dialog.getByRole('textbox', { name: 'Link', exact: true }),
  ).toHaveValue(
    `${origin}/apply/${slug}?ref=hotel_du_lac&utm_source=hotel_du_lac&utm_medium=partner&utm_campaign=${slug}`,
  );
});
