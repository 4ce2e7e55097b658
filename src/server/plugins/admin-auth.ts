import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { keepOutOfLog } from './request-log.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * ASVS 11.2.4: constant-time comparison. Both sides are hashed first, because timingSafeEqual
 * throws on unequal lengths and would leak the token's length. Without a token set, none is valid.
 */
export function isTokenValid(
  header: string | undefined,
  token: string | undefined,
): boolean {
  if (token === undefined || !header?.startsWith('Bearer ')) return false;
  return timingSafeEqual(sha256(header.slice('Bearer '.length)), sha256(token));
}

export const wrongTokenLimits = {
  windowMs: 60_000,
  perAddress: 10,
  /** Across all addresses: guessing from many addresses is slowed as much as from one. */
  total: 100,
  /** Addresses counted one by one in a window; beyond them only the total applies. */
  addressesTracked: 10_000,
};

/**
 * The one bearer-token guard, for the review API and the workspace's API alike (`registerStaffAuth`
 * puts it in front of both). The right token always passes, whatever others have tried. Wrong tokens
 * are refused with 429 past ten a minute from one address or a hundred a minute in all. The counts
 * live for one fixed minute, for at most ten thousand addresses, so memory stays bounded however
 * many addresses a client claims; each address leaves one log line a minute.
 */
export function createAdminGuard(
  token: string | undefined,
  now: () => number = Date.now,
  limits = wrongTokenLimits,
) {
  let window = -1;
  let total = 0;
  let isOverflowLogged = false;
  const byAddress = new Map<string, number>();
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (isTokenValid(request.headers.authorization, token)) return;
    const time = now();
    const currentWindow = Math.floor(time / limits.windowMs);
    if (currentWindow !== window) {
      window = currentWindow;
      total = 0;
      isOverflowLogged = false;
      byAddress.clear();
    }
    const tracked = byAddress.get(request.ip);
    const count = (tracked ?? 0) + 1;
    total += 1;
    keepOutOfLog(request);
    if (tracked !== undefined) byAddress.set(request.ip, count);
    else if (byAddress.size < limits.addressesTracked) {
      byAddress.set(request.ip, count);
      request.log.warn('review access refused: wrong or missing token');
    } else if (!isOverflowLogged) {
      isOverflowLogged = true;
      request.log.warn(
        'review access refused: wrong tokens from more addresses than are counted one by one',
      );
    }
    if (count > limits.perAddress || total > limits.total) {
      reply.header(
        'Retry-After',
        Math.ceil(((window + 1) * limits.windowMs - time) / 1000),
      );
      return reply.code(429).send({
        error: 'rate_limited',
        message: 'Too many wrong tokens; wait a minute.',
      });
    }
    return reply.code(401).header('WWW-Authenticate', 'Bearer').send({
      error: 'unauthorized',
      message: 'A valid bearer token is required.',
    });
  };
}
