import { createHash, timingSafeEqual } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { StaffRole } from '../db/database.ts';
import {
  absoluteLifetimeMs,
  type SignedInStaff,
  type StaffSessions,
} from './staff-sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is signed in to the workspace on this request: a session, the automation token, or nobody. */
    staff: SignedInStaff | null;
  }
}

/** The automation token acts with the admin role. */
const tokenStaff: SignedInStaff = {
  id: 'api-token',
  email: 'api token',
  role: 'admin',
  isPerson: false,
};

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Constant time, and both sides hashed first so the comparison does not leak the token's length. */
function bearerMatches(header: string | undefined, token: string): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  return timingSafeEqual(sha256(header.slice('Bearer '.length)), sha256(token));
}

const isWorkspaceUrl = (url: string) =>
  url === '/review' ||
  url.startsWith('/review/') ||
  url.startsWith('/review?') ||
  url.startsWith('/api/review/');

/** `__Host-` binds the cookie to this host and path `/`, over HTTPS only; plain HTTP cannot carry it. */
const sessionCookieName = (request: FastifyRequest) =>
  request.protocol === 'https' ? '__Host-review-session' : 'review-session';

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
): void {
  reply.setCookie(sessionCookieName(request), token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
    maxAge: absoluteLifetimeMs / 1000,
  });
}

export function clearSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  reply.clearCookie(sessionCookieName(request), {
    path: '/',
    secure: request.protocol === 'https',
  });
}

export const sessionTokenOf = (request: FastifyRequest) =>
  request.cookies[sessionCookieName(request)];

/**
 * Who is asking, for every workspace URL, and the cross-site guard: a request that changes
 * anything must come from the server's own origin (a bearer token is not sent by browsers on
 * their own, so automation is exempt).
 */
export async function registerStaffAuth(
  app: FastifyInstance,
  options: {
    sessions: StaffSessions;
    adminToken: string | undefined;
    publicOrigin: string | undefined;
  },
): Promise<void> {
  await app.register(fastifyCookie);
  app.decorateRequest('staff', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!isWorkspaceUrl(request.url)) return;
    const authorization = request.headers.authorization;
    const { adminToken } = options;
    if (adminToken && bearerMatches(authorization, adminToken)) {
      request.staff = tokenStaff;
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const expected =
        options.publicOrigin ?? `${request.protocol}://${request.host}`;
      if (request.headers.origin !== expected)
        return reply.code(403).send({
          error: 'forbidden_origin',
          message: 'This request must come from the workspace itself.',
        });
    }
    const token = sessionTokenOf(request);
    request.staff = token
      ? ((await options.sessions.resolve(token)) ?? null)
      : null;
  });
}

/** A route guard: 401 for nobody, 403 for a reviewer asking for an admin's action. */
export function requireRole(role: StaffRole) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.staff)
      return reply.code(401).send({
        error: 'signed_out',
        message: 'Sign in to the workspace first.',
      });
    if (role === 'admin' && request.staff.role !== 'admin')
      return reply.code(403).send({
        error: 'forbidden_role',
        message: 'Only an admin may do this.',
      });
  };
}
