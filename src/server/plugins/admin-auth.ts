import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * ASVS 11.2.4: constant-time comparison. Both sides are hashed first, because timingSafeEqual
 * throws on unequal lengths and would leak the token's length.
 */
function isTokenValid(header: string | undefined, token: string): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  return timingSafeEqual(sha256(header.slice('Bearer '.length)), sha256(token));
}

const failureWindowMs = 60_000;
const failuresAllowed = 10;

/** A bearer-token guard that answers 429 after ten wrong tokens a minute from one address. */
export function createAdminGuard(token: string) {
  const failures = new Map<string, { count: number; since: number }>();
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const now = Date.now();
    const record = failures.get(request.ip);
    const recent =
      record && now - record.since < failureWindowMs
        ? record
        : { count: 0, since: now };
    if (recent.count >= failuresAllowed) {
      reply.header(
        'Retry-After',
        Math.ceil((recent.since + failureWindowMs - now) / 1000),
      );
      return reply.code(429).send({
        error: 'rate_limited',
        message: 'Too many wrong tokens; wait a minute.',
      });
    }
    if (isTokenValid(request.headers.authorization, token)) return;
    failures.set(request.ip, { count: recent.count + 1, since: recent.since });
    request.log.warn('review access refused: wrong or missing token');
    return reply.code(401).header('WWW-Authenticate', 'Bearer').send({
      error: 'unauthorized',
      message: 'A valid bearer token is required.',
    });
  };
}
