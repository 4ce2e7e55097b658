import type { FastifyError, FastifyInstance } from 'fastify';

/**
 * CONTRACT §4: every answer is JSON in the project's shape, including Fastify's own 400/413/415.
 * Faults of the server itself (a database that is down or full) are 503, never a 5xx a client caused.
 */
export function registerErrorShape(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status === 413)
      return reply.code(413).send({
        error: 'payload_too_large',
        message: 'The application is larger than 64 KiB.',
      });
    if (status === 415)
      return reply.code(415).send({
        error: 'unsupported_media_type',
        message: 'Send the application as application/json.',
      });
    if (status === 429)
      return reply
        .code(429)
        .send({ error: 'rate_limited', message: error.message });
    if (status >= 400 && status < 500) {
      request.log.info({ code: error.code }, 'request refused');
      return reply
        .code(status)
        .send({ error: 'bad_request', message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(503).send({
      error: 'unavailable',
      message: 'The server could not complete this request; please try again.',
    });
  });
}
