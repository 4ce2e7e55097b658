import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { type Cover } from './cover-list.ts';
import { LOGO, logoSvg } from './logo.ts';
import { H, W } from './toolkit/canvas.ts';

/** Where the server serves config/images from. */
const PUBLIC_PREFIX = '/images';
const WIDTHS = [480, 800, 1200] as const;
/** The width the page shows when the browser supports neither srcset type. */
const FALLBACK_WIDTH = 800;
const AVIF_OPTIONS = { quality: 50, effort: 4 } as const;
const WEBP_OPTIONS = { quality: 72, effort: 6 } as const;

interface CoverEntry {
  alt: string;
  width: number;
  height: number;
  sources: { avif: string[]; webp: string[] };
  fallback: string;
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** Writes one cover at every width in both formats and returns its artwork.json entry. */
async function writeCover(
  outputDir: string,
  index: number,
  cover: Cover,
  svg: Buffer,
): Promise<CoverEntry> {
  // Rasterised once at full size, so that every width is downscaled from the same pixels.
  const master = await sharp(svg, { density: 72 })
    .resize(W, H)
    .png()
    .toBuffer();
  const avif: string[] = [];
  const webp: string[] = [];
  const sizes: string[] = [];
  for (const width of WIDTHS) {
    const resized = sharp(master).resize(width, Math.round((width * H) / W), {
      kernel: 'lanczos3',
    });
    const base = `cover-${index}-${width}`;
    const avifBuf = await resized.clone().avif(AVIF_OPTIONS).toBuffer();
    const webpBuf = await resized.clone().webp(WEBP_OPTIONS).toBuffer();
    await writeFile(join(outputDir, `${base}.avif`), avifBuf);
    await writeFile(join(outputDir, `${base}.webp`), webpBuf);
    avif.push(`${PUBLIC_PREFIX}/${base}.avif ${width}w`);
    webp.push(`${PUBLIC_PREFIX}/${base}.webp ${width}w`);
    sizes.push(
      `${width}w avif ${kb(avifBuf.length)}, webp ${kb(webpBuf.length)}`,
    );
  }
  console.log(`cover ${index} (${cover.slug}): ${sizes.join(' | ')}`);
  return {
    alt: cover.alt,
    width: W,
    height: H,
    sources: { avif, webp },
    fallback: `${PUBLIC_PREFIX}/cover-${index}-${FALLBACK_WIDTH}.webp`,
  };
}

export interface WriteOptions {
  outputDir: string;
  /** Also write each cover's SVG source to /tmp, to inspect a drawing in a browser. */
  debugSvg: boolean;
}

/** The covers, the logo and artwork.json, which the app reads to build its <picture> elements. */
export async function writeArtwork(
  covers: readonly Cover[],
  { outputDir, debugSvg }: WriteOptions,
): Promise<void> {
  await mkdir(outputDir, { recursive: true });
  const entries: CoverEntry[] = [];
  for (const [index, cover] of covers.entries()) {
    const svg = Buffer.from(cover.svg());
    if (debugSvg) await writeFile(`/tmp/cover-${index}.svg`, svg);
    entries.push(await writeCover(outputDir, index, cover, svg));
  }
  const logo = logoSvg();
  await writeFile(join(outputDir, 'logo.svg'), `${logo}\n`);
  console.log(`logo.svg: ${logo.length + 1} bytes`);
  const manifest = {
    covers: entries,
    logo: {
      src: `${PUBLIC_PREFIX}/logo.svg`,
      width: LOGO.width,
      height: LOGO.height,
      alt: LOGO.alt,
    },
  };
  await writeFile(
    join(outputDir, 'artwork.json'),
    `${JSON.stringify(manifest, null, 2)}\n`,
  );
  console.log('artwork.json written');
}
