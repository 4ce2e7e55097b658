import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MissingBuildError } from '../built-wizard.ts';
import { compressPage, sendPage } from '../compressed-page.ts';

export type EmbedScriptOptions = {
  distDirectory: string;
  /** The origins that may frame the form (`EMBED_ORIGINS`); none when unset. */
  embedOrigins: readonly string[];
};

/**
 * Organisations paste the script's address once into their own pages, so it never changes: a
 * browser keeps it a few minutes and then asks again, answered 304 while it is the same.
 */
const cacheControl = 'public, max-age=300';

/**
 * `GET /embed.js`, the script a host page loads to show the form: the build's `dist/embed.js`,
 * wrapped in a function given the origins allowed to frame the form. On a page of any other site
 * the script says so in the console and links to the form instead of showing a frame the browser
 * would refuse.
 */
export async function embedScriptRoute(
  app: FastifyInstance,
  options: EmbedScriptOptions,
) {
  const file = join(options.distDirectory, 'embed.js');
  if (!existsSync(file))
    throw new MissingBuildError(
      `${file} is missing: run \`npm run build\` first`,
    );
  // The parameter's name is the one the script declares (src/embed/embed.ts).
  const script = `(function(embedOrigins){${readFileSync(file, 'utf8').trim()}})(${JSON.stringify(options.embedOrigins)});\n`;
  const body = await compressPage(script);
  // Weak: the brotli, gzip and plain bodies are the same script, not the same bytes.
  const etag = `W/"${createHash('sha256').update(script).digest('base64url').slice(0, 22)}"`;
  app.get('/embed.js', async (request, reply) => {
    reply
      .header('ETag', etag)
      // Loaded by other sites' pages: the default same-origin policy would have browsers refuse it.
      .header('Cross-Origin-Resource-Policy', 'cross-origin');
    if (request.headers['if-none-match'] === etag)
      return reply.code(304).header('Cache-Control', cacheControl).send();
    return sendPage(
      body,
      request,
      reply,
      cacheControl,
      'text/javascript; charset=utf-8',
    );
  });
}
