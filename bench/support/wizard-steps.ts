import type { Browser, Page } from '@playwright/test';

export const continueButton = (page: Page) =>
  page.getByRole('button', { name: 'Continue', exact: true });

/** Answers General Information as an applicant would: Ada Lovelace, a UK phone, one Instagram account. */
export async function fillGeneralInformation(page: Page): Promise<void> {
  const textbox = (name: string) =>
    page.getByRole('textbox', { name, exact: true });
  await textbox('First Name').fill('Ada');
  await textbox('Last Name').fill('Lovelace');
  const code = page.getByRole('combobox', {
    name: 'Country calling code',
    exact: true,
  });
  await code.click();
  await code.fill('united kingdom');
  await page
    .getByRole('option', { name: 'United Kingdom +44', exact: true })
    .click();
  await textbox('Phone number').fill('7700900123');
  await textbox('Email Address').fill('ada@example.com');
  const instagram = page.getByRole('group', { name: 'Instagram', exact: true });
  await instagram
    .getByRole('textbox', { name: 'Username' })
    .fill('ada.travels');
  await instagram.getByRole('textbox', { name: 'Followers' }).fill('12000');
}

/** A fresh page at 1280×800 whose CPU runs 4× slower, as a mid-range phone's would. */
export async function openSlowPage(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { context, page, cdp };
}
