import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { WizardConfig } from '#engine/config-schema.ts';
import { imagePathPrefix, type FormImages } from '../form/form-images.ts';

/** Where e-mails load the logo from. */
const emailLogoPath = '/email/logo.png';

/** The logo's height in the PNG: twice the 40 CSS pixels an e-mail shows, for sharp screens. */
const renderedHeight = 80;

/** The configured logo's file among the configuration's images, when it is one of them. */
function localLogoFile(
  src: string,
  configDirectory: string,
): string | undefined {
  const folder = resolve(configDirectory, 'images');
  const file = resolve(
    folder,
    decodeURIComponent(src.slice('/images/'.length)),
  );
  return file.startsWith(folder + sep) ? file : undefined;
}

/**
 * The logo as e-mails show it. Most mail clients show no SVG (and some no WebP or AVIF), so a logo
 * among the configuration's images is served as a PNG made from it; a logo elsewhere is linked as
 * configured.
 */
export function emailLogoOf(
  config: WizardConfig,
  origin: string,
): { url: string; width: number; height: number } | undefined {
  const { logo } = config;
  if (!logo) return undefined;
  const url = logo.src.startsWith('/images/')
    ? `${origin}${emailLogoPath}`
    : new URL(logo.src, origin).toString();
  return { url, width: logo.width, height: logo.height };
}

/**
 * Serves the logo as a PNG for e-mails. It is rendered with sharp on its first request, not at
 * start-up: loading sharp costs start-up time that a server sending no e-mail should not pay. Any
 * origin may load it (a webmail's page, a mail client's viewer), unlike the app's other files.
 */
export async function emailLogoRoutes(
  app: FastifyInstance,
  {
    current,
    configDirectory,
    images,
  }: {
    current: () => WizardConfig;
    configDirectory: string;
    images: FormImages;
  },
) {
  /** The logo's bytes: uploaded in the form editor (in the database), or a configuration file. */
  const logoBytes = async (src: string): Promise<Buffer | undefined> => {
    if (src.startsWith(imagePathPrefix))
      return (await images.read(src.slice(imagePathPrefix.length)))?.bytes;
    const file = localLogoFile(src, configDirectory);
    return file === undefined ? undefined : readFile(file);
  };
  // The logo of the form being served; a newly published form may name another.
  let rendered: { src: string; png: Promise<Buffer | undefined> } | undefined;
  const render = async (src: string) => {
    const bytes = await logoBytes(src);
    if (!bytes) return undefined;
    const { default: sharp } = await import('sharp');
    // An SVG is rendered at four times its own size, then scaled down: smooth edges and text.
    return sharp(bytes, { density: 288 })
      .resize({ height: renderedHeight })
      .png({ compressionLevel: 9 })
      .toBuffer();
  };
  app.get(emailLogoPath, async (request, reply) => {
    const src = current().logo?.src;
    if (!src?.startsWith('/images/'))
      return reply
        .code(404)
        .send({ error: 'not_found', message: 'This form has no logo file.' });
    if (rendered?.src !== src) {
      const png = render(src).catch((error: unknown) => {
        rendered = undefined;
        throw error;
      });
      rendered = { src, png };
    }
    let png: Buffer | undefined;
    try {
      png = await rendered.png;
    } catch (error) {
      // The operator's to fix (the file is missing or no image); the e-mail shows the logo's alt text.
      request.log.error({ err: error }, 'cannot make the e-mail logo');
      return reply.code(404).send({
        error: 'not_found',
        message: 'The configured logo cannot be read as an image.',
      });
    }
    if (!png)
      return reply
        .code(404)
        .send({ error: 'not_found', message: 'This form has no logo file.' });
    return reply
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .header('Cache-Control', 'public, max-age=86400')
      .type('image/png')
      .send(png);
  });
}
