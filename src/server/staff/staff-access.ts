import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import type { AuditLog } from './audit-log.ts';
import { createPasskeys } from './passkeys.ts';
import { sessionRoutes } from './session-routes.ts';
import { createSignInThrottle, type SignInClock } from './sign-in-throttle.ts';
import type { StaffAccounts } from './staff-accounts.ts';
import {
  createSessionCookie,
  expectedOriginOf,
  registerStaffAuth,
} from './staff-auth.ts';
import { createStaffInvitations } from './staff-invitations.ts';
import { staffRoutes } from './staff-routes.ts';
import { createStaffSessions } from './staff-sessions.ts';
import { createTwoStep, pendingLifetimeMs } from './two-step.ts';
import { twoStepRoutes } from './two-step-routes.ts';

export type StaffAccessOptions = {
  database: Database;
  accounts: StaffAccounts;
  audit: AuditLog;
  adminToken: string | undefined;
  /** The origin staff reach the server at (`PUBLIC_URL`), when set. */
  publicOrigin: string | undefined;
  /** The organisation's name as published now, which authenticator apps and passkeys show. */
  organisation: () => string;
  signInClock?: SignInClock | undefined;
};

/**
 * Who a request comes from (a session or the admin token), and the routes that let staff in:
 * sign-in with throttling, the second step (an authenticator code or a passkey), and the team's
 * accounts and invitations. Registered on the app itself, so every later route sees `request.staff`.
 */
export async function registerStaffAccess(
  app: FastifyInstance,
  {
    database,
    accounts,
    audit,
    adminToken,
    publicOrigin,
    organisation,
    signInClock,
  }: StaffAccessOptions,
): Promise<void> {
  const sessions = createStaffSessions(database);
  const sessionCookie = createSessionCookie(publicOrigin);
  await registerStaffAuth(app, {
    sessions,
    sessionCookie,
    adminToken,
    publicOrigin,
  });
  const twoStep = createTwoStep(database);
  const passkeys = createPasskeys(database);
  const throttle = createSignInThrottle(database, signInClock);
  // A passkey is bound to the origin the workspace is reached at, decided as the Origin check decides it.
  const relyingParty = (request: FastifyRequest) => ({
    origin: expectedOriginOf(request, publicOrigin),
    name: organisation(),
  });
  await app.register(sessionRoutes, {
    accounts,
    sessions,
    audit,
    sessionCookie,
    secondStepCookie: createSessionCookie(publicOrigin, {
      name: 'review-two-step',
      maxAgeMs: pendingLifetimeMs,
    }),
    throttle,
    twoStep,
    passkeys,
    relyingParty,
  });
  await app.register(twoStepRoutes, {
    twoStep,
    accounts,
    sessions,
    audit,
    sessionCookie,
    issuer: organisation,
    passkeys,
    relyingParty,
    throttle,
  });
  await app.register(staffRoutes, {
    accounts,
    invitations: createStaffInvitations(database),
    sessions,
    audit,
    publicOrigin,
    sessionCookie,
  });
}
