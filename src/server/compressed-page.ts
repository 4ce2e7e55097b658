import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip';

export type CompressedPage = (acceptEncoding: string | undefined) => {
  encoding: Encoding | null;
  body: Buffer;
};

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A page that never changes while the server runs, compressed once at start-up with brotli and
 * gzip, and sent in the best encoding the client accepts. Brotli at its best quality takes 20 to
 * 30 ms of CPU for the wizard's page, so both run on libuv's threads beside the rest of the
 * start-up. Each is told to finish with its one write: with the default flush the input is only
 * taken in, and the compression itself would wait for the next turn of the event loop.
 */
export async function compressPage(page: string): Promise<CompressedPage> {
  const identity = Buffer.from(page, 'utf8');
  const [br, gzipped] = await Promise.all([
    brotliAsync(identity, {
      flush: constants.BROTLI_OPERATION_FINISH,
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipAsync(identity, {
      flush: constants.Z_FINISH,
      level: constants.Z_BEST_COMPRESSION,
    }),
  ]);
  const bodies: Record<Encoding, Buffer> = { br, gzip: gzipped };
  const negotiator = new Negotiator<Encoding>({
    supportedValues: ['br', 'gzip'],
  });
  return (acceptEncoding) => {
    const encoding = acceptEncoding
      ? negotiator.negotiate(acceptEncoding)
      : null;
    return encoding
      ? { encoding, body: bodies[encoding] }
      : { encoding: null, body: identity };
  };
}

/** Encoding added to any Vary the route set (a page in the visitor's language varies by Accept-Language). */
function varyWithEncoding(vary: ReturnType<FastifyReply['getHeader']>) {
  return typeof vary === 'string' && vary !== ''
    ? `${vary}, Accept-Encoding`
    : 'Accept-Encoding';
}

/** Sends a compressed page in the encoding the request accepts, saying so to caches. */
export function sendPage(
  page: CompressedPage,
  request: FastifyRequest,
  reply: FastifyReply,
  cacheControl: string,
  type = 'text/html; charset=utf-8',
): FastifyReply {
  const { encoding, body } = page(request.headers['accept-encoding']);
  if (encoding) reply.header('Content-Encoding', encoding);
  return reply
    .header('Cache-Control', cacheControl)
    .header('Vary', varyWithEncoding(reply.getHeader('Vary')))
    .type(type)
    .send(body);
}
