import { expect, test } from '@playwright/test';
import { startFormServers } from '../support/form-servers.ts';
import { pngDeclaring, truncatedJpeg } from '../support/images.ts';

// Uploads that could hurt the server, sent by a signed-in admin's browser through the editor's API,
// to a server of this file's own: a shared one would be the one hurt if they did.

const email = 'ada@example.org';

// A cold start on a busy 2-core machine has taken 15–23 s.
test.setTimeout(90_000);

let servers: Awaited<ReturnType<typeof startFormServers>>;

test.beforeAll(async () => {
  servers = await startFormServers(1, { engine: 'sqlite' });
  servers.addStaff(email, 'admin');
});

test.afterAll(() => servers.stop());

test('a PNG declaring 16,000,000 × 16 pixels and a truncated JPEG are refused with what is wrong, and the server answers at once after each', async ({
  page,
}) => {
  await servers.signIn(page, email, '/review/form');

  /** Uploads a file as the editor does, with its session, then asks for the server's health. */
  const upload = (file: Buffer, name: string) =>
    page.evaluate(
      async ({ base64, name }) => {
        const bytes = Uint8Array.from(atob(base64), (char) =>
          char.charCodeAt(0),
        );
        const form = new FormData();
        form.append('image', new File([bytes], name));
        const response = await fetch('/api/review/form/images', {
          method: 'POST',
          body: form,
          credentials: 'same-origin',
        });
        const answer = (await response.json()) as { message?: string };
        const health = await fetch('/api/health');
        return {
          status: response.status,
          message: answer.message,
          health: health.status,
        };
      },
      { base64: file.toString('base64'), name },
    );

  expect(await upload(pngDeclaring(16_000_000, 16), 'banner.png')).toEqual({
    status: 422,
    message:
      'This image is 16,000,000 × 16 pixels; images may have at most 40 megapixels. Make it smaller and upload it again.',
    health: 200,
  });
  expect(await upload(await truncatedJpeg(), 'holiday.jpg')).toEqual({
    status: 422,
    message:
      'This JPEG image is damaged or cut short, so it cannot be read. Save or export it again and upload the new file.',
    health: 200,
  });
});
