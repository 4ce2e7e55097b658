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

/** Sets, clears and reads the session cookie under one name and one `Secure` flag per request. */
export type SessionCookie = {
  set(request: FastifyRequest, reply: FastifyReply, token: string): void;
  clear(request: FastifyRequest, reply: FastifyReply): void;
  tokenOf(request: FastifyRequest): string | undefined;
};

/**
 * An `https://` public origin means browsers reach the server over TLS only, so the cookie is
 * `Secure` even where the request looks like plain HTTP: behind a proxy that ends TLS, with
 * TRUST_PROXY unset, `X-Forwarded-Proto` is not believed. Otherwise the request's own protocol
 * decides. `__Host-` binds the cookie to this host and path `/`, over HTTPS only; plain HTTP cannot
 * carry it.
 */
export function createSessionCookie(
  publicOrigin: string | undefined,
): SessionCookie {
  const isPubliclyHttps = publicOrigin?.startsWith('https://') ?? false;
  const isSecure = (request: FastifyRequest) =>
    isPubliclyHttps || request.protocol === 'https';
  const nameFor = (request: FastifyRequest) =>
    isSecure(request) ? '__Host-review-session' : 'review-session';
  return {
    set: (request, reply, token) => {
      reply.setCookie(nameFor(request), token, {
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        secure: isSecure(request),
        maxAge: absoluteLifetimeMs / 1000,
      });
    },
    clear: (request, reply) => {
      reply.clearCookie(nameFor(request), {
        path: '/',
        secure: isSecure(request),
      });
    },
    tokenOf: (request) => request.cookies[nameFor(request)],
  };
}

/**
 * Who is asking, for every workspace URL, and the cross-site guard: a request that changes
 * anything must come from the server's own origin (a bearer token is not sent by browsers on
 * their own, so automation is exempt).
 */
export async function registerStaffAuth(
  app: FastifyInstance,
  options: {
    sessions: StaffSessions;
    sessionCookie: SessionCookie;
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
    const token = options.sessionCookie.tokenOf(request);
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
