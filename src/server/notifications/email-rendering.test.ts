import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chromiumLaunchOptions } from '../../../tests/support/chromium.ts';
import {
  exampleConfig,
  validApplication,
} from '../../../tests/support/fixtures.ts';
import { startTestServer } from '../../../tests/support/test-server.ts';
import type { ApplicationPayload } from '#engine/payload.ts';
import { decisionDraft, decisionEmail } from './decision-messages.ts';
import { digestMessage } from './digest-message.ts';
import { newApplicationMessages } from './messages.ts';
import { messageSettingsOf } from './messaging.ts';
import { defaultNotificationConfig } from './notification-config.ts';
import type { EmailContent } from './outbox.ts';

/**
 * Every e-mail as a mail client shows it: its HTML on a page of another origin (as a webmail's or
 * a mail app's viewer is), loading its images from the server, at a phone's width and a desktop
 * reading pane's.
 */
describe('e-mails in Chromium', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let browser: Browser;
  const emails = new Map<string, EmailContent>();

  beforeAll(async () => {
    server = await startTestServer();
    browser = await chromium.launch(chromiumLaunchOptions);
    const config = exampleConfig();
    const settings = messageSettingsOf(config, server.baseUrl, {
      notifications: { ...defaultNotificationConfig, confirmApplicant: true },
      smtpUrl: 'smtp://127.0.0.1:1',
      mailFrom: 'creators@example.org',
    });
    settings.unsubscribeUrlOf = (id) => `${server.baseUrl}/unsubscribe/${id}`;
    // A long name, as names in real inboxes are: it must wrap, not widen the e-mail.
    const payload = validApplication({
      firstName: 'Maximiliana-Theodora-Wolfeschlegelsteinhausen',
    }) as ApplicationPayload;
    const application = {
      id: '5b0c8f8e-4f6e-4d4e-9a57-0d4bde0f3a11',
      receivedAt: '2026-11-24T10:00:00.000Z',
      pageId: config.pageId,
      callSlug: config.pageId,
      payload,
      duplicateOf: null,
    };
    for (const message of newApplicationMessages(
      application,
      [{ id: 'staff-1', email: 'rita@example.org' }],
      settings,
    ))
      if (message.channel === 'email')
        emails.set(message.purpose, message.content);
    for (const stage of ['accepted', 'declined'] as const)
      emails.set(
        stage,
        decisionEmail(decisionDraft(payload, stage, settings), stage, settings),
      );
    const digest = digestMessage(
      { id: 'staff-2', email: 'dan@example.org' },
      '2026-11-24',
      [
        {
          id: application.id,
          name: 'Maximiliana-Theodora-Wolfeschlegelsteinhausen Lovelace',
          countryCode: 'GB',
          reach: 12_000,
          call: { slug: config.pageId, title: config.title },
        },
      ],
      settings,
    );
    if (digest.channel === 'email') emails.set('digest', digest.content);
  });
  afterAll(async () => {
    await browser.close();
    await server.close();
  });

  test('there is one of each template; those to staff accounts carry the one-click unsubscribe, those to applicants none', () => {
    expect([...emails.keys()].sort()).toEqual([
      'accepted',
      'declined',
      'digest',
      'new_application',
      'receipt',
    ]);
    expect(emails.get('new_application')?.headers).toEqual({
      'List-Unsubscribe': `<${server.baseUrl}/unsubscribe/staff-1>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(emails.get('digest')?.headers?.['List-Unsubscribe']).toBe(
      `<${server.baseUrl}/unsubscribe/staff-2>`,
    );
    for (const name of ['receipt', 'accepted', 'declined'])
      expect(emails.get(name)?.headers).toBeUndefined();
  });

  for (const width of [375, 700])
    for (const name of [
      'new_application',
      'receipt',
      'accepted',
      'declined',
      'digest',
    ])
      test(`${name} at ${width} px: the logo loads and the button is whole on screen`, async () => {
        const page = await browser.newPage({
          viewport: { width, height: 800 },
        });
        try {
          await page.setContent(emails.get(name)?.html ?? '', {
            waitUntil: 'load',
          });
          const images = await page.locator('img').evaluateAll((elements) =>
            (elements as HTMLImageElement[]).map((image) => ({
              src: image.src,
              naturalWidth: image.naturalWidth,
            })),
          );
          expect(images.length).toBeGreaterThan(0);
          for (const image of images) {
            expect(image.src.startsWith(server.baseUrl)).toBe(true);
            expect(image.naturalWidth, image.src).toBeGreaterThan(0);
          }
          const button = page.locator('table[role="presentation"] a');
          // The page has loaded: nothing more will appear.
          expect(await button.count()).toBe(1);
          expect(await button.isVisible()).toBe(true);
          const box = await button.boundingBox();
          expect(box?.x).toBeGreaterThanOrEqual(0);
          expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(
            width,
          );
          // Nothing wider than the screen either: no sideways scrolling.
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth),
          ).toBeLessThanOrEqual(width);
        } finally {
          await page.close();
        }
      });

  test('the same page cannot load the SVG the wizard uses: only the e-mail logo is for other origins', async () => {
    const page = await browser.newPage();
    try {
      await page.setContent(
        `<img src="${server.baseUrl}/images/logo.svg"><img src="${server.baseUrl}/email/logo.png">`,
        { waitUntil: 'load' },
      );
      const [svgWidth, pngWidth] = await page
        .locator('img')
        .evaluateAll((elements) =>
          (elements as HTMLImageElement[]).map((image) => image.naturalWidth),
        );
      expect(svgWidth).toBe(0);
      expect(pngWidth).toBeGreaterThan(0);
      const logo = await fetch(`${server.baseUrl}/email/logo.png`);
      expect(logo.headers.get('content-type')).toBe('image/png');
      expect(logo.headers.get('cross-origin-resource-policy')).toBe(
        'cross-origin',
      );
      const png = Buffer.from(await logo.arrayBuffer());
      // PNG's signature, and the height it is rendered at: 80 pixels for 40 shown.
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect(png.readUInt32BE(20)).toBe(80);
    } finally {
      await page.close();
    }
  });
});

test('a logo that is missing from the configuration’s images answers 404, not a server error', async () => {
  const server = await startTestServer({
    config: exampleConfig({
      logo: {
        src: '/images/no-such-logo.svg',
        alt: 'Visit Aldmere Coast',
        width: 200,
        height: 48,
      },
    }),
  });
  try {
    const response = await fetch(`${server.baseUrl}/email/logo.png`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'not_found' });
  } finally {
    await server.close();
  }
});
