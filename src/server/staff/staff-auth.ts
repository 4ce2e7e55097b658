import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { StaffRole } from '#review-api/staff.ts';
import { createAdminGuard } from '../plugins/admin-auth.ts';
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
  mustEnrol: false,
};

const isWorkspaceUrl = (url: string) =>
  url === '/review' ||
  url.startsWith('/review/') ||
  url.startsWith('/review?') ||
  url.startsWith('/api/review/');

/** The review API, which only the automation token may use. */
const isReviewApiUrl = (url: string) =>
  /^\/api\/applications(?:[/.?]|$)/.test(url);

/**
 * The origin a state-changing request must come from: PUBLIC_URL when set, else the scheme (from a
 * trusted proxy's X-Forwarded-Proto) and the Host the request was sent to. X-Forwarded-Host is never
 * believed here: any client can send it, and a proxy passes the browser's Host on as it was.
 */
export function expectedOriginOf(
  request: FastifyRequest,
  publicOrigin: string | undefined,
): string {
  return publicOrigin ?? `${request.protocol}://${request.headers.host ?? ''}`;
}

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
  { name = 'review-session', maxAgeMs = absoluteLifetimeMs } = {},
): SessionCookie {
  const isPubliclyHttps = publicOrigin?.startsWith('https://') ?? false;
  const isSecure = (request: FastifyRequest) =>
    isPubliclyHttps || request.protocol === 'https';
  const nameFor = (request: FastifyRequest) =>
    isSecure(request) ? `__Host-${name}` : name;
  return {
    set: (request, reply, token) => {
      reply.setCookie(nameFor(request), token, {
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        secure: isSecure(request),
        maxAge: maxAgeMs / 1000,
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
 * Who is asking, for every workspace URL and the review API, and the cross-site guard: a request
 * that changes anything must come from the server's own origin. The automation token passes one
 * guard whichever API it is sent to, with one count of wrong tokens; a workspace request with a
 * bearer token is judged by it alone (a browser never sends one on its own, so automation is exempt
 * from the origin check, and a wrong token never falls back to a cookie). Another scheme, such as a
 * proxy's Basic authentication, is left alone.
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
  const { adminToken } = options;
  const bearerGuard = createAdminGuard(adminToken);
  app.addHook('onRequest', async (request, reply) => {
    const isReviewApi = isReviewApiUrl(request.url);
    // Without ADMIN_TOKEN the review API does not exist: its addresses answer 404.
    if (isReviewApi && !adminToken) return;
    if (!isReviewApi && !isWorkspaceUrl(request.url)) return;
    if (isReviewApi || /^bearer /i.test(request.headers.authorization ?? '')) {
      await bearerGuard(request, reply);
      if (!reply.sent) request.staff = tokenStaff;
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      if (
        request.headers.origin !==
        expectedOriginOf(request, options.publicOrigin)
      )
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

export const signedOut = {
  error: 'signed_out',
  message: 'Sign in to the workspace first.',
};

/** The answer to anything but setting up two-step sign-in while an account must set it up first. */
const enrolmentFirst = {
  error: 'two_step_needed',
  message:
    'Your organisation requires two-step sign-in: turn it on before anything else.',
};

/**
 * A route guard: 401 for nobody, 403 for a reviewer asking for an admin's action, and 403 for an
 * account that must turn two-step sign-in on first.
 */
export function requireRole(role: StaffRole) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.staff) return reply.code(401).send(signedOut);
    if (request.staff.mustEnrol) return reply.code(403).send(enrolmentFirst);
    if (role === 'admin' && request.staff.role !== 'admin')
      return reply.code(403).send({
        error: 'forbidden_role',
        message: 'Only an admin may do this.',
      });
  };
}

/** A route guard: 401 for nobody; anyone signed in passes. */
export async function requireSignedIn(
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (!request.staff) return reply.code(401).send(signedOut);
}

/**
 * A guard for what a person does to their own sign-in, allowed while two-step sign-in must still
 * be set up: 401 for nobody, 403 for the automation token, which has no sign-in of its own.
 */
export async function requirePerson(
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (!request.staff) return reply.code(401).send(signedOut);
  if (!request.staff.isPerson)
    return reply.code(403).send({
      error: 'forbidden_role',
      message: 'The automation token has no sign-in of its own.',
    });
}
