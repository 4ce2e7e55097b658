import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { FormImageQuery, UploadedImage } from '#review-api/form.ts';
import type { Database } from '../db/database.ts';

/** The widths the wizard's covers are offered in (its `srcset`s), as the example's artwork is made. */
const widths = [480, 800, 1200] as const;
const fallbackWidth = 800;
const avifOptions = { quality: 50, effort: 4 } as const;
const webpOptions = { quality: 72, effort: 6 } as const;
/**
 * A logo is shown 48 CSS pixels high: one WebP three times that serves every screen, and a
 * quality high enough to keep lettering's edges clean. Transparency is kept.
 */
const logoHeight = 144;
const logoWebpOptions = { quality: 90, alphaQuality: 100, effort: 6 } as const;

/** sharp's names of the formats accepted; AVIF is read by its HEIF decoder. */
const acceptedFormats = new Set(['jpeg', 'png', 'webp', 'heif']);

const contentTypes = { avif: 'image/avif', webp: 'image/webp' } as const;

export const imagePathPrefix = '/images/uploads/';

export class ImageRefusal extends Error {}

/** What an upload is for: a cover, offered at several widths, or the logo, shown small. */
export type ImageUse = NonNullable<FormImageQuery['for']>;

type Variant = { name: string; contentType: string; bytes: Buffer };

/**
 * Reads an upload by its content (never its name or declared type), turns it upright, and makes
 * the AVIF and WebP widths the wizard uses. Nothing of the original's metadata is kept: sharp
 * writes none unless asked, so EXIF, GPS and camera data stay behind.
 */
export async function makeImageVariants(
  upload: Buffer,
  use: ImageUse = 'cover',
): Promise<{ image: UploadedImage; variants: Variant[] }> {
  let metadata;
  try {
    metadata = await sharp(upload).metadata();
  } catch {
    throw new ImageRefusal(
      'This file is not an image we can read. Upload a JPEG, PNG, WebP or AVIF image.',
    );
  }
  const isAvif = metadata.format === 'heif' && metadata.compression === 'av1';
  if (
    !acceptedFormats.has(metadata.format) ||
    (metadata.format === 'heif' && !isAvif)
  )
    throw new ImageRefusal(
      `This is a ${metadata.format.toUpperCase()} image. Upload a JPEG, PNG, WebP or AVIF image.`,
    );
  const upright = sharp(upload).rotate();
  const { info } = await upright.clone().toBuffer({ resolveWithObject: true });
  const hash = createHash('sha256').update(upload).digest('hex').slice(0, 20);
  if (use === 'logo') {
    const { data, info: made } = await upright
      .clone()
      .resize({ height: logoHeight, withoutEnlargement: true })
      .webp(logoWebpOptions)
      .toBuffer({ resolveWithObject: true });
    const name = `${hash}-logo.webp`;
    return {
      variants: [{ name, contentType: contentTypes.webp, bytes: data }],
      image: {
        src: `${imagePathPrefix}${name}`,
        sources: [],
        width: made.width,
        height: made.height,
      },
    };
  }
  // Never wider than the original: a small image is offered at its own width.
  const made = [...new Set(widths.map((width) => Math.min(width, info.width)))];
  const variants: Variant[] = [];
  const srcsets: Record<'avif' | 'webp', string[]> = { avif: [], webp: [] };
  for (const width of made) {
    const resized = upright.clone().resize({ width, withoutEnlargement: true });
    for (const format of ['avif', 'webp'] as const) {
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
  const largest = made[made.length - 1] ?? info.width;
  const fallback = made.find((width) => width >= fallbackWidth) ?? largest;
  return {
    variants,
    image: {
      src: `${imagePathPrefix}${hash}-${fallback}.webp`,
      sources: [
        { type: 'image/avif', srcset: srcsets.avif.join(', ') },
        { type: 'image/webp', srcset: srcsets.webp.join(', ') },
      ],
      width: largest,
      height: Math.round((info.height * largest) / info.width),
    },
  };
}

/** The editor's images, kept in the database so that every server process serves them. */
export function createFormImages(database: Database) {
  const { db } = database;
  return {
    async store(variants: Variant[]): Promise<void> {
      const createdAt = new Date().toISOString();
      // The same image uploaded twice has the same names: the first copy stays.
      await db
        .insertInto('form_images')
        .values(
          variants.map((variant) => ({
            name: variant.name,
            content_type: variant.contentType,
            bytes: variant.bytes,
            created_at: createdAt,
          })),
        )
        .onConflict((conflict) => conflict.column('name').doNothing())
        .execute();
    },
    async read(
      name: string,
    ): Promise<{ contentType: string; bytes: Buffer } | undefined> {
      const row = await db
        .selectFrom('form_images')
        .select(['content_type', 'bytes'])
        .where('name', '=', name)
        .executeTakeFirst();
      return row && { contentType: row.content_type, bytes: row.bytes };
    },
  };
}

export type FormImages = ReturnType<typeof createFormImages>;
