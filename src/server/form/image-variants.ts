import { createHash } from 'node:crypto';
import sharp, { type ResizeOptions } from 'sharp';
import {
  maxAvifPixels,
  maxImagePixels,
  maxImageSide,
  type FormImageQuery,
  type UploadedImage,
} from '#review-api/form.ts';
import { imagePathPrefix, type ImageVariant } from './form-images.ts';

/** The widths the wizard's covers are offered in (its `srcset`s), as the example's artwork is made. */
const widths = [480, 800, 1200] as const;
const fallbackWidth = 800;
/**
 * A cover is shown at most about as tall as the screen and as wide as half a desktop's, so a
 * cover taller than twice its width is made narrower: its largest size never holds more pixels
 * than 1200 × 2400, whatever the upload's shape.
 */
const maxCoverHeight = 2400;
/**
 * Efforts chosen so that no step of an upload outlasts the shutdown's deadline, whatever its
 * pixels (docs/decisions/022). On two busy cores a 1200-pixel AVIF took 1.3–1.7 s at effort 2 and
 * 7–12 s at 4, for files a tenth larger. WebP, the fallback of the few browsers without AVIF, at
 * 6 took 5 s for a noisy 1200 × 2400 cover and 18 s for a noisy logo with transparency, against
 * 0.8 s and 0.2 s at 4; the example's covers come out the same size at both.
 */
const avifOptions = { quality: 50, effort: 2 } as const;
const webpOptions = { quality: 72, effort: 4 } as const;
/**
 * A logo is shown 48 CSS pixels high: one WebP three times that serves every screen, and a
 * quality high enough to keep lettering's edges clean. Transparency is kept. A logo wider than ten
 * times its height is made lower instead of wider than 1440 pixels.
 */
const logoHeight = 144;
const maxLogoWidth = 1440;
const logoWebpOptions = { quality: 90, alphaQuality: 100, effort: 4 } as const;

const contentTypes = { avif: 'image/avif', webp: 'image/webp' } as const;

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif';

const formats: Record<ImageFormat, { name: string; maxPixels: number }> = {
  jpeg: { name: 'JPEG', maxPixels: maxImagePixels },
  png: { name: 'PNG', maxPixels: maxImagePixels },
  webp: { name: 'WebP', maxPixels: maxImagePixels },
  avif: { name: 'AVIF', maxPixels: maxAvifPixels },
};

const pngSignature = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a,
]);
const jpegSignature = Buffer.from([0xff, 0xd8, 0xff]);

/**
 * The format by the file's first bytes. Only these four reach a decoder: anything else (an SVG, a
 * TIFF, a PDF that libvips might also open) is refused before it is parsed at all.
 */
function formatByContent(bytes: Buffer): ImageFormat | undefined {
  const text = (from: number, to: number) =>
    bytes.subarray(from, to).toString('latin1');
  if (bytes.subarray(0, 3).equals(jpegSignature)) return 'jpeg';
  if (bytes.subarray(0, 8).equals(pngSignature)) return 'png';
  if (text(0, 4) === 'RIFF' && text(8, 12) === 'WEBP') return 'webp';
  // An ISO media file's `ftyp` box: its major brand, then its compatible brands, four letters each.
  if (text(4, 8) !== 'ftyp') return undefined;
  const boxEnd = Math.min(bytes.readUInt32BE(0), bytes.length, 64);
  const brands = [text(8, 12)];
  for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(text(at, at + 4));
  return brands.some((brand) => brand === 'avif' || brand === 'avis')
    ? 'avif'
    : undefined;
}

/** Why an upload is refused: 415 for what is not an image we take, 422 for one we cannot use. */
export class ImageRefusal extends Error {
  constructor(
    readonly status: 415 | 422,
    message: string,
    /** For the log: a word for the reason, and the decoder's own words when it gave up. */
    readonly reason: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

const acceptedTypes = 'Upload a JPEG, PNG, WebP or AVIF image.';
const smaller = 'Make it smaller and upload it again.';

/** The refusal of a file that is none of the formats taken, whatever its name or declared type. */
export const notAnImage = `This file is not a JPEG, PNG, WebP or AVIF image. ${acceptedTypes}`;

/**
 * The image's format by its content, once its header alone has passed the caps: refused before a
 * pixel is decoded when it is not a format taken or declares more pixels than the caps allow.
 */
export async function checkImageHeader(upload: Buffer): Promise<ImageFormat> {
  const format = formatByContent(upload);
  if (!format) throw new ImageRefusal(415, notAnImage, 'not_an_image');
  const { name, maxPixels } = formats[format];
  let metadata;
  try {
    metadata = await sharp(upload).metadata();
  } catch (error) {
    throw new ImageRefusal(
      422,
      `This ${name} file is damaged: its header cannot be read. Save or export it again and upload the new file.`,
      'unreadable_header',
      (error as Error).message,
    );
  }
  // A HEIF file with an AVIF brand may still hold HEVC pictures (an iPhone's HEIC), which are not taken.
  if (format === 'avif' && metadata.compression !== 'av1')
    throw new ImageRefusal(
      415,
      `This is a HEIC image. ${acceptedTypes}`,
      'not_an_image',
    );
  const { width, height } = metadata;
  const size = `${width.toLocaleString('en')} × ${height.toLocaleString('en')} pixels`;
  if (width * height > maxPixels)
    throw new ImageRefusal(
      422,
      format === 'avif'
        ? `This image is ${size}; AVIF images may have at most ${maxPixels / 1e6} megapixels (JPEG, PNG and WebP images ${maxImagePixels / 1e6}). ${smaller}`
        : `This image is ${size}; images may have at most ${maxPixels / 1e6} megapixels. ${smaller}`,
      'too_many_pixels',
    );
  if (Math.max(width, height) > maxImageSide)
    throw new ImageRefusal(
      422,
      `This image is ${size}; a side may be at most ${maxImageSide.toLocaleString('en')} pixels. ${smaller}`,
      'side_too_long',
    );
  return format;
}

type Decoded = Awaited<ReturnType<typeof decode>>;

/**
 * The upload's only decoding: upright, already at the largest size any variant needs, as raw
 * pixels that every variant is made from. sharp's own pixel limit stands at the same cap as well.
 */
async function decode(
  upload: Buffer,
  format: ImageFormat,
  size: ResizeOptions,
) {
  const { name, maxPixels } = formats[format];
  try {
    return await sharp(upload, {
      limitInputPixels: maxPixels,
      autoOrient: true,
    })
      .resize({ ...size, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new ImageRefusal(
      422,
      `This ${name} image is damaged or cut short, so it cannot be read. Save or export it again and upload the new file.`,
      'unreadable',
      (error as Error).message,
    );
  }
}

const pixelsOf = ({ data, info }: Decoded) =>
  sharp(data, {
    raw: { width: info.width, height: info.height, channels: info.channels },
  });

/**
 * Makes the AVIF and WebP widths the wizard uses (or the logo's one WebP) from an upload whose
 * header passed `checkImageHeader`. Nothing of the original's metadata is kept: sharp writes none
 * unless asked, so EXIF, GPS and camera data stay behind. Between steps it stops when `signal`
 * says the server is stopping: no step is long, so a shutdown waits for one at most.
 */
export async function makeImageVariants(
  upload: Buffer,
  format: ImageFormat,
  use: NonNullable<FormImageQuery['for']>,
  signal: AbortSignal,
): Promise<{ image: UploadedImage; variants: ImageVariant[] }> {
  signal.throwIfAborted();
  const hash = createHash('sha256').update(upload).digest('hex').slice(0, 20);
  if (use === 'logo') {
    const decoded = await decode(upload, format, {
      width: maxLogoWidth,
      height: logoHeight,
      fit: 'inside',
    });
    signal.throwIfAborted();
    const name = `${hash}-logo.webp`;
    return {
      variants: [
        {
          name,
          contentType: contentTypes.webp,
          bytes: await pixelsOf(decoded).webp(logoWebpOptions).toBuffer(),
        },
      ],
      image: {
        src: `${imagePathPrefix}${name}`,
        sources: [],
        width: decoded.info.width,
        height: decoded.info.height,
      },
    };
  }
  const decoded = await decode(upload, format, {
    width: Math.max(...widths),
    height: maxCoverHeight,
    fit: 'inside',
  });
  const largest = decoded.info.width;
  // Never wider than the original: a small image is offered at its own width.
  const made = [...new Set(widths.map((width) => Math.min(width, largest)))];
  const variants: ImageVariant[] = [];
  const srcsets: Record<'avif' | 'webp', string[]> = { avif: [], webp: [] };
  for (const width of made) {
    const resized = pixelsOf(decoded).resize({ width });
    for (const format of ['avif', 'webp'] as const) {
      signal.throwIfAborted();
      const bytes = await (
        format === 'avif'
          ? resized.clone().avif(avifOptions)
          : resized.clone().webp(webpOptions)
      ).toBuffer();
      const name = `${hash}-${width}.${format}`;
      variants.push({ name, contentType: contentTypes[format], bytes });
      srcsets[format].push(`${imagePathPrefix}${name} ${width}w`);
    }
  }
  const fallback = made.find((width) => width >= fallbackWidth) ?? largest;
  return {
    variants,
    image: {
      src: `${imagePathPrefix}${hash}-${fallback}.webp`,
      sources: [
        { type: 'image/avif', srcset: srcsets.avif.join(', ') },
        { type: 'image/webp', srcset: srcsets.webp.join(', ') },
      ],
      width: decoded.info.width,
      height: decoded.info.height,
    },
  };
}
