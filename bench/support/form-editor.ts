import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { openSignedIn, untilSettled } from './signed-in.ts';

/**
 * The compiled server with an admin signed in at the form editor in Chromium, the Welcome step's
 * heading emptied and the preview showing it and settled, at 4× CPU throttling from then on.
 */
export async function openFormEditor() {
  const { browser, page, close } = await openSignedIn(
    join(mkdtempSync(join(tmpdir(), 'form-preview-')), 'a.db'),
    '/review/form',
  );
  await page.getByRole('button', { name: '1. Welcome' }).click();
  await page.getByLabel('Heading', { exact: true }).fill('');
  await page
    .frameLocator('iframe[title="Preview of the form"]')
    .getByRole('button', { name: 'Continue' })
    .waitFor();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // Typing starts once the page has settled: the preview's wizard builds the steps beside the one
  // shown while the browser is idle, which is its loading, not a keystroke's cost (editor and
  // preview share one main thread).
  const preview = page
    .frames()
    .find((frame) => frame.url().endsWith('/review/form/preview'));
  if (!preview) throw new Error('no preview frame');
  await untilSettled(preview);
  return { browser, page, cdp, close };
}

/**
 * Types one letter more of `text` into the focused field and answers the milliseconds from its
 * keydown to the first frame after the preview's heading shows `text` up to that letter.
 */
export async function timeKeystroke(
  page: Page,
  text: string,
  index: number,
): Promise<number> {
  const expected = text.slice(0, index + 1);
  // Set up before the key: the keydown's time, then the first frame after the preview shows the text.
  await page.evaluate((shown) => {
    (window as { measured?: Promise<number> }).measured = new Promise<number>(
      (resolve) => {
        const frame = document.querySelector<HTMLIFrameElement>(
          'iframe[title="Preview of the form"]',
        );
        const doc = frame?.contentDocument;
        if (!doc) throw new Error('no preview');
        let pressedAt = 0;
        addEventListener('keydown', (event) => (pressedAt = event.timeStamp), {
          once: true,
          capture: true,
        });
        const observer = new MutationObserver(() => {
          const isShown = [...doc.querySelectorAll('h1')].some(
            (element) => element.textContent === shown,
          );
          if (!isShown) return;
          observer.disconnect();
          requestAnimationFrame(() =>
            setTimeout(() => resolve(performance.now() - pressedAt), 0),
          );
        });
        observer.observe(doc.body, {
          subtree: true,
          childList: true,
          characterData: true,
        });
      },
    );
  }, expected);
  await page.keyboard.type(text[index] ?? '');
  return page.evaluate(
    () => (window as { measured?: Promise<number> }).measured ?? 0,
  );
}
