import sharp from 'sharp';
import { expect, test } from 'vitest';
import {
  avifDeclaring,
  pngDeclaring,
  truncatedJpeg,
} from '../../../tests/support/images.ts';
import {
  checkImageHeader,
  ImageRefusal,
  makeImageVariants,
} from './image-variants.ts';

const goOn = new AbortController().signal;

/** The refusal an upload meets, as the route answers it. */
async function refusalOf(work: Promise<unknown>) {
  const error: unknown = await work.then(
    () => undefined,
    (refused: unknown) => refused,
  );
  expect(error).toBeInstanceOf(ImageRefusal);
  const { status, reason, message } = error as ImageRefusal;
  return { status, reason, message };
}

const flat = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7' } });

test('refuses from its header alone a 31 KB PNG of 16,000,000 × 16 pixels and one of 16,000 × 16,000', async () => {
  const wide = pngDeclaring(16_000_000, 16);
  expect(wide.length).toBeLessThan(32 * 1024);
  expect(await refusalOf(checkImageHeader(wide))).toEqual({
    status: 422,
    reason: 'too_many_pixels',
    message:
      'This image is 16,000,000 × 16 pixels; images may have at most 40 megapixels. Make it smaller and upload it again.',
  });
  expect(
    await refusalOf(checkImageHeader(pngDeclaring(16_000, 16_000))),
  ).toMatchObject({
    status: 422,
    message: expect.stringContaining(
      'This image is 16,000 × 16,000 pixels; images may have at most 40 megapixels.',
    ) as string,
  });
});

test('refuses a side longer than WebP can hold, though its pixels are few', async () => {
  expect(
    await refusalOf(checkImageHeader(pngDeclaring(16_384, 1))),
  ).toMatchObject({
    status: 422,
    reason: 'side_too_long',
    message: expect.stringContaining(
      'a side may be at most 16,383 pixels',
    ) as string,
  });
  expect(await checkImageHeader(pngDeclaring(16_383, 1))).toBe('png');
});

test('refuses an AVIF past 12 megapixels, which decodes whole, where a PNG of that size passes', async () => {
  expect(
    await refusalOf(checkImageHeader(await avifDeclaring(4000, 3001))),
  ).toMatchObject({
    status: 422,
    reason: 'too_many_pixels',
    message: expect.stringContaining(
      'AVIF images may have at most 12 megapixels (JPEG, PNG and WebP images 40)',
    ) as string,
  });
  expect(await checkImageHeader(await avifDeclaring(4000, 3000))).toBe('avif');
  expect(await checkImageHeader(pngDeclaring(4000, 3001))).toBe('png');
});

test('takes JPEG, PNG, WebP and AVIF by their content; anything else is a 415 before any decoder reads it', async () => {
  for (const make of ['jpeg', 'png', 'webp'] as const)
    expect(await checkImageHeader(await flat(20, 10)[make]().toBuffer())).toBe(
      make,
    );
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"/>',
  );
  const gif = await flat(20, 10).gif().toBuffer();
  for (const file of [
    svg,
    gif,
    Buffer.from('GIF89a not really'),
    Buffer.alloc(0),
  ])
    expect(await refusalOf(checkImageHeader(file))).toEqual({
      status: 415,
      reason: 'not_an_image',
      message:
        'This file is not a JPEG, PNG, WebP or AVIF image. Upload a JPEG, PNG, WebP or AVIF image.',
    });
  // A JPEG's first bytes, then nothing a decoder can read: ours to take, but damaged.
  expect(
    await refusalOf(
      checkImageHeader(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0])),
    ),
  ).toMatchObject({ status: 422, reason: 'unreadable_header' });
});

test('a truncated JPEG passes its header and is refused as it is decoded, saying why', async () => {
  const cut = await truncatedJpeg();
  expect(await checkImageHeader(cut)).toBe('jpeg');
  expect(
    await refusalOf(makeImageVariants(cut, 'jpeg', 'cover', goOn)),
  ).toEqual({
    status: 422,
    reason: 'unreadable',
    message:
      'This JPEG image is damaged or cut short, so it cannot be read. Save or export it again and upload the new file.',
  });
});

test('a portrait photo is made upright; a cover taller than twice its width is made narrower, a logo wider than ten times its height lower', async () => {
  // Stored 200 × 100, shown turned a quarter: 100 wide, 200 high.
  const portrait = await flat(200, 100)
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
  const upright = await makeImageVariants(portrait, 'jpeg', 'cover', goOn);
  expect(upright.image).toMatchObject({ width: 100, height: 200 });

  const tall = await flat(1000, 4000).png().toBuffer();
  const made = await makeImageVariants(tall, 'png', 'cover', goOn);
  expect(made.image).toMatchObject({ width: 600, height: 2400 });
  expect(made.variants.map((variant) => variant.name.split('-')[1])).toEqual([
    '480.avif',
    '480.webp',
    '600.avif',
    '600.webp',
  ]);

  const banner = await flat(3000, 100).png().toBuffer();
  const logo = await makeImageVariants(banner, 'png', 'logo', goOn);
  expect(logo.image).toMatchObject({ width: 1440, height: 48 });
});

test('decodes nothing once the server has begun to stop', async () => {
  const stopping = new AbortController();
  const reason = new Error('stopping');
  stopping.abort(reason);
  await expect(
    makeImageVariants(
      await flat(20, 10).png().toBuffer(),
      'png',
      'cover',
      stopping.signal,
    ),
  ).rejects.toBe(reason);
});
