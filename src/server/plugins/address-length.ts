import type { FastifyInstance } from 'fastify';

/**
 * The longest address served. Proxies commonly refuse request lines past 8 KiB, and no page or
 * API here needs one that long; beyond it the answer is a short 414, never a redirect that would
 * carry the address on in a header.
 */
export const maxAddressLength = 8192;

/** Answers an address longer than `maxAddressLength` with 414 before any route sees it. */
export function registerAddressLength(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.length <= maxAddressLength) return;
    return reply.code(414).send({
      error: 'uri_too_long',
      message: `The address is longer than ${maxAddressLength} characters.`,
    });
  });
}
