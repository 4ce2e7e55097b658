import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { seriousViolations } from './axe.ts';

/**
 * The code an authenticator app shows for a setup key, `stepsAhead` 30-second steps from now. The
 * server takes the step after the current one too (a phone's clock may run fast), so a test that
 * set up two-step sign-in with the current code signs in with the next one: a code is taken once.
 */
export function authenticationCode(setupKey: string, stepsAhead = 0): string {
  return new TOTP({
    secret: Secret.fromBase32(setupKey.replace(/\s/g, '')),
  }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

/** Sets two-step sign-in up on the open Settings screen or set-up page: returns the setup key and the recovery codes. */
export async function turnOn(page: Page) {
  const section = page.getByRole('region', { name: 'Two-step sign-in' });
  await expect(
    section.getByRole('img', { name: /QR code holding the setup key/ }),
  ).toBeVisible();
  const setupKey = await section.getByLabel('Setup key').inputValue();
  expect(setupKey).toMatch(/^[A-Z2-7]{4}(?: [A-Z2-7]{4}){7}$/);
  expect(await seriousViolations(page)).toEqual([]);
  await section.getByLabel('Authentication code').fill('000000');
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expect(section.getByRole('alert')).toContainText(
    'That is not the code your app shows now',
  );
  await section
    .getByLabel('Authentication code')
    .fill(authenticationCode(setupKey));
  await section.getByRole('button', { name: 'Turn on' }).click();
  const codes = section
    .getByRole('group', { name: 'Your recovery codes' })
    .getByRole('listitem');
  await expect(codes).toHaveCount(10);
  expect(await seriousViolations(page)).toEqual([]);
  return { setupKey, recoveryCodes: await codes.allInnerTexts() };
}
