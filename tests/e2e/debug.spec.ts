import { expect, test } from '@playwright/test';
import { continueButton, fillGeneralInformation, heading, interceptSubmissions, openWizard } from '../support/wizard.ts';
test('debug radio', async ({ page }) => {
  await interceptSubmissions(page);
  await openWizard(page);
  await continueButton(page).click();
  await fillGeneralInformation(page);
  await continueButton(page).click();
  await expect(heading(page, 'More Details')).toBeVisible();
  await continueButton(page).click();
  await page.evaluate(() => {
    (window as unknown as { log: string[] }).log = [];
    const inputs = [...document.querySelectorAll('input[type=radio]')] as HTMLInputElement[];
    const yes = inputs[0]!;
    const record = (label: string) => (window as unknown as { log: string[] }).log.push(`${label}:${yes.checked}:${document.activeElement?.getAttribute('name') ?? document.activeElement?.tagName}`);
    yes.addEventListener('click', () => { record('click'); queueMicrotask(() => record('micro')); setTimeout(() => record('timeout0'), 0); requestAnimationFrame(() => record('raf')); setTimeout(() => record('t100'), 100); });
    yes.addEventListener('focus', () => record('focus'));
  });
  const radio = page.getByRole('radiogroup', { name: 'Have you contributed to media outlets?' }).getByRole('radio', { name: 'Yes', exact: true });
  await radio.click();
  await page.waitForTimeout(300);
  console.log('log', await page.evaluate(() => (window as unknown as { log: string[] }).log.join(' | ')));
});
