import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';

type Encoding = 'br' | 'gzip';

/**
 * A page that never changes while the server runs, compressed once at start-up with brotli and
 * gzip, and sent in the best encoding the client accepts.
 */
export function compressPage(page: string) {
  const identity = Buffer.from(page, 'utf8');
  const bodies: Record<Encoding, Buffer> = {
    br: brotliCompressSync(identity, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip: gzipSync(identity, { level: constants.Z_BEST_COMPRESSION }),
  };
  const negotiator = new Negotiator<Encoding>({
    supportedValues: ['br', 'gzip'],
  });
  return (acceptEncoding: string | undefined) => {
    const encoding = acceptEncoding
      ? negotiator.negotiate(acceptEncoding)
      : null;
    return encoding
      ? { encoding, body: bodies[encoding] }
      : { encoding: null, body: identity };
  };
}
