import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** Pino options that keep personal data out of the logs (OWASP ASVS 16.2.5). */
export const loggerOptions = {
  level: 'info',
  redact: {
    paths: ['req.headers.authorization', 'req.headers.cookie'],
    censor: '[redacted]',
  },
  serializers: {
    // The path without the query string: a staff search (`?search=ada@…`) is personal data; nor a
    // saved draft's token, which opens its answers.
    req: (request: { method: string; url: string }) => ({
      method: request.method,
      path: request.url
        .split('?')[0]
        ?.replace(/^\/api\/drafts\/.+/, '/api/drafts/…'),
    }),
  },
};

const unlogged = new WeakSet<FastifyRequest>();

/** Leaves a request out of the access log: its route writes what needs saying, less often. */
export function keepOutOfLog(request: FastifyRequest): void {
  unlogged.add(request);
}

/** One log line per request, when it is answered, instead of Fastify's two: half the volume. */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (!unlogged.has(request)) reply.log.info(line, 'request completed');
  }
}
