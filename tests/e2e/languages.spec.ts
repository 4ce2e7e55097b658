import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import { startSmtpServer } from '../support/mail.ts';
import { messagePorts, serverUrl } from '../support/servers.ts';
import { heading } from '../support/wizard.ts';

// axe is injected as an inline script (see tests/support/axe.ts).
test.use({ bypassCSP: true, locale: 'de-DE' });

const weiter = (page: Page) =>
  page.getByRole('button', { name: 'Weiter', exact: true });

/** The switch's name for assistive technology, in the language shown. */
const languageLabels: Record<string, string> = {
  Deutsch: 'Sprache',
  English: 'Language',
  العربية: 'اللغة',
};

/** The switch's list of the other languages, opened. */
async function switchTo(page: Page, current: string, other: string) {
  await page
    .getByText(`${languageLabels[current] ?? 'Language'}: ${current}`)
    .click();
  await page.getByRole('link', { name: other, exact: true }).click();
}

test('a German browser gets the German form in the first paint, German country names, and the language in the headers', async ({
  page,
}) => {
  const response = await page.goto(serverUrl('languages'));
  // The page as the server sent it, before any script ran.
  const html = (await response?.text()) ?? '';
  expect(html).toContain('<html lang="de" dir="ltr">');
  expect(html).toMatch(/<h1[^>]*>Willkommen!<\/h1>/);
  expect(html).toContain('>Deutsch</summary>');
  expect(html).toMatch(
    /<a href="\?lang=en" lang="en" hrefLang="en"[^>]*>English<\/a>/i,
  );
  // Only the language shown reaches the browser: no other language's translations.
  expect(html).not.toContain('Complete this simple two-step application');
  expect(html).not.toContain('أهلًا وسهلًا');
  expect(response?.headers()['content-language']).toBe('de');
  expect(response?.headers().vary).toMatch(/Accept-Language/);

  await weiter(page).click();
  await expect(heading(page, 'Allgemeine Angaben')).toBeVisible();
  const country = page.getByRole('combobox', { name: 'Land', exact: true });
  await country.click();
  await country.fill('verein');
  await expect(
    page.getByRole('option', { name: 'Vereinigtes Königreich', exact: true }),
  ).toBeVisible();
  await country.fill('deutsch');
  await page.getByRole('option', { name: 'Deutschland', exact: true }).click();
  await expect(country).toHaveValue('Deutschland');
  expect(await seriousViolations(page)).toEqual([]);
});

test('the form asked for (`/api/form`) comes in the language asked, without translations', async ({
  request,
}) => {
  const response = await request.get(
    serverUrl('languages', '/api/form/languages?lang=ar'),
  );
  expect(response.headers()['content-language']).toBe('ar');
  const { config } = (await response.json()) as {
    config: {
      lang: string;
      translations: object;
      steps: { heading: string }[];
    };
  };
  expect(config.lang).toBe('ar');
  expect(config.translations).toEqual({});
  expect(config.steps[0]?.heading).toBe('أهلًا وسهلًا!');
});

test('switches to English and back, keeping the step and every answer, and keeps the language for the visit', async ({
  page,
}) => {
  await page.goto(serverUrl('languages'));
  await weiter(page).click();
  await expect(heading(page, 'Allgemeine Angaben')).toBeVisible();
  await page.getByRole('textbox', { name: 'Vorname', exact: true }).fill('Ada');
  const land = page.getByRole('combobox', { name: 'Land', exact: true });
  await land.click();
  await land.fill('deutsch');
  await page.getByRole('option', { name: 'Deutschland', exact: true }).click();

  await switchTo(page, 'Deutsch', 'English');
  await expect(page).toHaveURL(/[?&]lang=en/);
  await expect(page).toHaveURL(/step=general-information/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(heading(page, 'General Information')).toBeVisible();
  await expect(
    page.getByRole('textbox', { name: 'First Name', exact: true }),
  ).toHaveValue('Ada');
  await expect(
    page.getByRole('combobox', { name: 'Country', exact: true }),
  ).toHaveValue('Germany');
  expect(await seriousViolations(page)).toEqual([]);

  // A later visit of the form's address in this tab, without `?lang=`, stays in English.
  await page.goto(serverUrl('languages'));
  await expect(page).toHaveURL(/[?&]lang=en/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(heading(page, 'General Information')).toBeVisible();

  await switchTo(page, 'English', 'Deutsch');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(heading(page, 'Allgemeine Angaben')).toBeVisible();
  await expect(
    page.getByRole('textbox', { name: 'Vorname', exact: true }),
  ).toHaveValue('Ada');
  await expect(land).toHaveValue('Deutschland');
});

test('`?lang=ar` is right to left, mirrored, with no horizontal overflow on a 375 px phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const response = await page.goto(serverUrl('languages', '/?lang=ar'));
  expect(await response?.text()).toContain('<html lang="ar" dir="rtl">');
  await expect(heading(page, 'أهلًا وسهلًا!')).toBeVisible();
  const overflow = () =>
    page.evaluate(
      () =>
        document.documentElement.scrollWidth -
        document.documentElement.clientWidth,
    );
  expect(await overflow()).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'متابعة', exact: true }).click();
  await expect(heading(page, 'معلومات عامة')).toBeVisible();
  // The switch stays in the header on a phone, at its start side's opposite: the left.
  const header = await page.locator('.wizard__header').boundingBox();
  const languageSwitch = await page.getByText('اللغة: العربية').boundingBox();
  expect(languageSwitch?.y).toBeLessThan(
    (header?.y ?? 0) + (header?.height ?? 0),
  );
  expect(languageSwitch?.x).toBeLessThan(375 / 2);
  // The back arrow sits at the right, where a right-to-left line starts.
  const back = await page.locator('.back-arrow').boundingBox();
  expect(back?.x).toBeGreaterThan(375 / 2);
  expect(await overflow()).toBe(0);
  const country = page.getByRole('combobox', { name: 'البلد', exact: true });
  await country.click();
  await country.fill('مصر');
  await expect(
    page.getByRole('option', { name: 'مصر', exact: true }),
  ).toBeVisible();
  expect(await overflow()).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the English form is axe clean with its switch open', async ({ page }) => {
  await page.goto(serverUrl('languages', '/?lang=en'));
  await expect(heading(page, 'Welcome!')).toBeVisible();
  await page.getByText('Language: English').click();
  await expect(page.getByRole('link', { name: 'العربية' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'العربية' })).toHaveAttribute(
    'hreflang',
    'ar',
  );
  expect(await seriousViolations(page)).toEqual([]);
});

/** A yes/no question answered by its place (yes first), not by the product's words for yes and no. */
const answerByPlace = (page: Page, question: string, place: 0 | 1) =>
  page
    .getByRole('radiogroup', { name: question })
    .getByRole('radio')
    .nth(place)
    .check();

test('applies in German: the application names its language, and its receipt is German', async ({
  page,
}) => {
  const smtp = await startSmtpServer(messagePorts.languagesSmtp);
  const email = `ada-${Date.now()}@example.com`;
  await page.goto(serverUrl('languages'));
  await weiter(page).click();
  await expect(heading(page, 'Allgemeine Angaben')).toBeVisible();
  const textbox = (name: string) =>
    page.getByRole('textbox', { name, exact: true });
  await textbox('Vorname').fill('Ada');
  await textbox('Nachname').fill('Lovelace');
  const phone = page.getByRole('group', { name: 'Telefonnummer' });
  await phone.getByRole('combobox').click();
  await phone.getByRole('combobox').fill('deutsch');
  await page
    .getByRole('option', { name: 'Deutschland +49', exact: true })
    .click();
  await phone.getByRole('textbox').fill('3012345678');
  await textbox('E-Mail-Adresse').fill(email);
  // The applicant's own phone says where they live, in the language's name.
  await expect(
    page.getByRole('combobox', { name: 'Land', exact: true }),
  ).toHaveValue('Deutschland');
  const instagram = page.getByRole('group', { name: 'Instagram', exact: true });
  await instagram.getByRole('textbox').nth(0).fill('ada.reist');
  await instagram.getByRole('textbox').nth(1).fill('12000');
  await weiter(page).click();

  await expect(heading(page, 'Weitere Angaben')).toBeVisible();
  await textbox(
    'Welchen inhaltlichen Schwerpunkt oder welches Interesse würden Sie einbringen?',
  ).fill('Kulinarik und langsames Reisen');
  await textbox('Welche Inhalte möchten Sie erstellen?').fill(
    'Drei Reels und ein Blogbeitrag',
  );
  await textbox('Welche Unterstützung wünschen Sie sich von uns?').fill(
    'Zwei Übernachtungen',
  );
  await textbox('Links zu früheren Kampagnen').fill(
    'https://ada.example/kuestenwoche',
  );
  await answerByPlace(
    page,
    'Haben Sie für Medien geschrieben oder produziert?',
    1,
  );
  await textbox('Waren Sie schon einmal bei uns?').fill('Einmal, 2019');
  await textbox('Erzählen Sie uns von der Reise, die Sie planen').fill(
    'Eine Woche auf dem Küstenweg',
  );
  await textbox('Bevorzugte Reisedaten').fill('Mai 2027');
  await answerByPlace(page, 'Sind Ihre Reisedaten flexibel?', 1);
  await textbox('Wer reist mit Ihnen? Namen, Titel und Rollen').fill(
    'Charles Babbage, Fotograf',
  );
  await answerByPlace(
    page,
    'Reist ein Assistenztier oder Haustier mit Ihnen?',
    1,
  );
  await answerByPlace(
    page,
    'Nutzt jemand in Ihrer Reisegruppe einen Rollstuhl?',
    1,
  );
  await answerByPlace(
    page,
    'Dürfen wir bei barrierefreien Unterkünften helfen?',
    1,
  );
  await textbox('Name des Notfallkontakts').fill('Mary Somerville');
  await textbox('Beziehung').fill('Freundin');
  await textbox('Telefon').fill('+49 30 1234567');
  const sent = page.waitForRequest(
    (request) =>
      request.method() === 'PUT' && request.url().includes('/api/syncPage/'),
  );
  await weiter(page).click();
  expect((await sent).postDataJSON()).toMatchObject({ language: 'de' });
  await expect(heading(page, 'Vielen Dank für Ihre Bewerbung!')).toBeVisible();
  try {
    // The example form keeps the product's own receipt, which the product ships in German.
    await expect
      .poll(
        () =>
          smtp.messages.find((mail) => mail.envelopeTo.includes(email))
            ?.subject,
        { timeout: 30_000 },
      )
      .toBe('Ihre Bewerbung ist bei uns, Ada');
    const receipt = smtp.messages.find((mail) =>
      mail.envelopeTo.includes(email),
    );
    expect(receipt?.html).toContain('<html lang="de">');
    expect(receipt?.text).toContain('Hier sehen Sie, wo Ihre Bewerbung steht:');
  } finally {
    await smtp.close();
  }
});
