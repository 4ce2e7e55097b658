import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A valid PNG of `width` × `height` black one-bit pixels, written by hand: its zeros deflate about
 * a thousandfold, so 16,000,000 × 16 or 16,000 × 16,000 is a file of 31 KB that decodes to
 * hundreds of megabytes.
 */
export function pngDeclaring(
  width: number,
  height: number,
): Buffer<ArrayBuffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  // Each row: a filter byte, then the row's bits.
  const rows = Buffer.alloc((Math.ceil(width / 8) + 1) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A photo-like JPEG (noise, so it weighs what a photo weighs), `quality` 90 unless given. */
export async function photoJpeg(
  width: number,
  height: number,
  quality = 90,
): Promise<Buffer<ArrayBuffer>> {
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .raw()
    .toBuffer();
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .blur(1.2)
    .jpeg({ quality })
    .toBuffer();
}

/** A JPEG cut off halfway, as an interrupted copy leaves it: its header reads, its pixels do not. */
export async function truncatedJpeg(): Promise<Buffer<ArrayBuffer>> {
  const whole = await photoJpeg(1600, 1000);
  return whole.subarray(0, Math.floor(whole.length / 2));
}

/**
 * A small AVIF whose header (its `ispe` box) declares `width` × `height`: what a crafted file
 * would claim, made without encoding a large picture.
 */
export async function avifDeclaring(
  width: number,
  height: number,
): Promise<Buffer<ArrayBuffer>> {
  const avif = await sharp({
    create: { width: 64, height: 48, channels: 3, background: '#3a7' },
  })
    .avif({ effort: 0 })
    .toBuffer();
  const box = avif.indexOf('ispe');
  // After the box's type: four bytes of version and flags, then the width and the height.
  avif.writeUInt32BE(width, box + 8);
  avif.writeUInt32BE(height, box + 12);
  return avif;
}
