import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { applicantFetch, signInAs } from '../../../tests/support/applicant.ts';
import { readExport } from '../../../tests/support/csv.ts';
import { engines } from '../../../tests/support/databases.ts';
import {
  adminToken,
  exampleCall,
  putApplication,
  validApplication,
} from '../../../tests/support/fixtures.ts';
import { startMessagingServer } from '../../../tests/support/messaging-server.ts';
import { requestAs, staffMember } from '../../../tests/support/staff.ts';
import {
  exampleWith,
  withOverrides,
  withTranslations,
} from '../../../tests/support/wizard-configs.ts';

// The form's own German words: the product's built-in catalogues are not what is tested here.
const german = {
  'texts.required': 'Bitte ausfüllen',
  'notifications.templates.receipt.subject':
    'Wir haben deine Bewerbung, {firstName}',
  'notifications.templates.receipt.body':
    'Danke, {firstName}: {organisation} liest jede Bewerbung.',
  'notifications.templates.accepted.subject': 'Willkommen, {firstName}',
  'notifications.templates.meLink.subject': 'Dein Link zu {organisation}',
};

const inGermanAndEnglish = exampleWith(
  withTranslations({ de: german }),
  withOverrides({ notifications: { confirmApplicant: true } }),
);

describe.each(engines)('an application in its language, on %s', (engine) => {
  let running: Awaited<ReturnType<typeof startMessagingServer>>;
  let as: ReturnType<typeof requestAs>;

  beforeAll(async () => {
    running = await startMessagingServer({
      engine,
      config: inGermanAndEnglish,
      messaging: { webhookUrl: undefined },
    });
    as = requestAs(
      running.server,
      await staffMember(
        running.server,
        'rita@example.org',
        'reviewer',
        'a long enough secret',
      ),
    );
  });
  afterAll(() => running.close());

  async function apply(body: object) {
    const response = await putApplication(running.server.baseUrl, body, {
      key: randomUUID(),
    });
    const answer = (await response.json()) as Record<string, unknown>;
    return { status: response.status, answer };
  }

  test('a German application is stored in German, its receipt and its decision draft are German, and the team finds and exports it by its language', async () => {
    const sent = await apply({
      ...validApplication({
        emailAddress: 'lena@example.de',
        firstName: 'Lena',
      }),
      language: 'de',
    });
    expect(sent.status).toBe(201);
    const id = sent.answer.id as string;
    const stored = await running.server.repository.get(id);
    expect(stored?.payload.language).toBe('de');
    const row = await running.server.database.db
      .selectFrom('applications')
      .select('language')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.language).toBe('de');

    const receipt = (await running.smtp.waitFor(2)).find((mail) =>
      mail.envelopeTo.includes('lena@example.de'),
    );
    expect(receipt?.subject).toBe('Wir haben deine Bewerbung, Lena');
    expect(receipt?.text).toContain('Danke, Lena:');
    // The line the product adds, to the applicant's page, in its own German.
    expect(receipt?.text).toContain('Hier sehen Sie, wo Ihre Bewerbung steht:');
    expect(receipt?.html).toContain('<html lang="de">');

    const draft = await as(
      'GET',
      `/api/review/applications/${id}/decision-draft?stage=accepted`,
    );
    expect(((await draft.json()) as { subject: string }).subject).toBe(
      'Willkommen, Lena',
    );

    const english = await apply(validApplication());
    expect(english.status).toBe(201);
    const listed = (await (
      await as('GET', '/api/review/applications?language=de')
    ).json()) as { items: Array<{ id: string; language: string | null }> };
    expect(listed.items.map((item) => [item.id, item.language])).toEqual([
      [id, 'de'],
    ]);
    const facets = (await (
      await as('GET', '/api/review/applications/facets')
    ).json()) as { languages: unknown };
    expect(facets.languages).toEqual([
      { language: 'de', count: 1 },
      { language: 'en', count: 1 },
    ]);
    const exported = readExport(
      await (await as('GET', '/api/review/applications.csv')).text(),
    );
    expect(
      Object.fromEntries(exported.rows.map((row) => [row.id, row.language])),
    ).toEqual({ [id]: 'German', [english.answer.id as string]: 'English' });
  });

  test('an application naming a language its form does not offer is stored in the form’s own', async () => {
    const sent = await apply({
      ...validApplication({ emailAddress: 'marie@example.fr' }),
      language: 'fr',
    });
    expect(sent.status).toBe(201);
    const stored = await running.server.repository.get(
      sent.answer.id as string,
    );
    expect(stored?.payload.language).toBe('en');
  });

  test('a refused answer is explained in the language the applicant read the form in', async () => {
    const missing = validApplication();
    missing.fields = missing.fields.filter(
      (field) => field.key !== 'single.whatContent',
    );
    const inGerman = await apply({ ...missing, language: 'de' });
    expect(inGerman.status).toBe(400);
    expect(inGerman.answer).toEqual({
      error: 'validation',
      issues: [
        { path: 'fields.single.whatContent', message: 'Bitte ausfüllen' },
      ],
    });
    const inEnglish = await apply(missing);
    expect(inEnglish.answer).toMatchObject({
      issues: [
        {
          path: 'fields.single.whatContent',
          message: 'This field is required',
        },
      ],
    });
  });

  test('insights count the visits and the applications of each language', async () => {
    const visit = (language: string | undefined) =>
      fetch(`${running.server.baseUrl}/api/events`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          call: exampleCall,
          visit: { id: randomUUID(), device: 'phone', language },
          events: [{ type: 'visit', ms: 0 }],
        }),
      });
    for (const language of ['de', 'de', 'en', 'fr'])
      expect((await visit(language)).status).toBe(204);
    const today = new Date().toISOString().slice(0, 10);
    const response = await fetch(
      `${running.server.baseUrl}/api/review/insights?from=${today}&to=${today}`,
      { headers: { authorization: `Bearer ${adminToken}` } },
    );
    // French is not among the form's languages: that visit read the form's own, English.
    expect(
      ((await response.json()) as { languages: unknown }).languages,
    ).toEqual([
      { language: 'en', visits: 2, applications: 2 },
      { language: 'de', visits: 2, applications: 1 },
    ]);
  });

  test('the link to the applicant’s page goes in the language the page asked in, else their newest application’s', async () => {
    const linkTo = async (email: string, language?: string) => {
      const before = running.smtp.messages.length;
      const response = await fetch(`${running.server.baseUrl}/api/me/link`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          origin: running.server.baseUrl,
        },
        body: JSON.stringify({ email, language }),
      });
      expect(response.status).toBe(202);
      // Other tests' e-mails may still be arriving: the link's is the one with a sign-in token.
      const linkMail = () =>
        running.smtp.messages
          .slice(before)
          .find(
            (mail) =>
              mail.envelopeTo.includes(email) &&
              String(mail.text).includes('/me?token='),
          );
      await expect.poll(linkMail, { timeout: 30_000 }).toBeDefined();
      return linkMail()?.subject;
    };
    expect(await linkTo('lena@example.de')).toBe(
      'Dein Link zu Visit Aldmere Coast',
    );
    expect(await linkTo('ada@example.com', 'de')).toBe(
      'Dein Link zu Visit Aldmere Coast',
    );
    expect(await linkTo('lena@example.de', 'en')).not.toContain('Dein Link');
  });

  test('the applicant’s page words each status in the page’s language, else in the application’s', async () => {
    const email = `status-${randomUUID()}@example.de`;
    const { status } = await apply({
      ...validApplication({ emailAddress: email }),
      language: 'de',
    });
    expect(status).toBe(201);
    const cookie = await signInAs(running.server, email);
    const statusTextIn = async (query: string) => {
      const response = await applicantFetch(
        running.server,
        'GET',
        `/api/me${query}`,
        { cookie },
      );
      const page = (await response.json()) as {
        applications: Array<{ statusText: string }>;
      };
      return page.applications[0]?.statusText;
    };
    // The form keeps the product's own status words, which the product ships in German.
    expect(await statusTextIn('')).toBe('Eingegangen');
    expect(await statusTextIn('?lang=en')).toBe('Received');
    expect(await statusTextIn('?lang=de')).toBe('Eingegangen');
    expect(
      (
        await applicantFetch(running.server, 'GET', '/api/me?lang=%3Cx%3E', {
          cookie,
        })
      ).status,
    ).toBe(400);
  });
});
