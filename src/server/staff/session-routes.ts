import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditLog } from './audit-log.ts';
import { verifyPassword } from './passwords.ts';
import { requireRole, type SessionCookie } from './staff-auth.ts';
import { StaffAccountError, type StaffAccounts } from './staff-accounts.ts';
import type { StaffSessions } from './staff-sessions.ts';

/**
 * Failed sign-ins allowed in a 15-minute window, per account and per address (across accounts),
 * counted in the audit log so that every server process on one database sees the same count.
 */
const failureWindowMs = 15 * 60 * 1000;
const accountFailuresAllowed = 5;
const addressFailuresAllowed = 20;

const credentials = {
  type: 'object',
  required: ['email', 'password'],
  additionalProperties: false,
  properties: {
    email: { type: 'string', maxLength: 320 },
    password: { type: 'string', maxLength: 1024 },
  },
} as const;

const passwordChange = {
  type: 'object',
  required: ['currentPassword', 'newPassword'],
  additionalProperties: false,
  properties: {
    currentPassword: { type: 'string', maxLength: 1024 },
    newPassword: { type: 'string', maxLength: 1024 },
  },
} as const;

// One message whatever was wrong, so the answer never tells whether an address has an account.
const wrongCredentials = {
  error: 'sign_in_failed',
  message: 'That e-mail address and password do not match an account.',
};

/** Sign-in, sign-out, who is signed in, and changing one's own password. */
export async function sessionRoutes(
  app: FastifyInstance,
  {
    accounts,
    sessions,
    audit,
    sessionCookie,
  }: {
    accounts: StaffAccounts;
    sessions: StaffSessions;
    audit: AuditLog;
    sessionCookie: SessionCookie;
  },
) {
  const addressOf = (request: FastifyRequest) => request.ip;

  app.post<{ Body: { email: string; password: string } }>(
    '/api/review/session',
    { schema: { body: credentials } },
    async (request, reply) => {
      const email = request.body.email.trim().toLowerCase();
      const since = new Date(Date.now() - failureWindowMs);
      const [accountFailures, addressFailures] = await Promise.all([
        audit.countSince('sign_in_failed', { subject: email }, since),
        audit.countSince(
          'sign_in_failed',
          { address: addressOf(request) },
          since,
        ),
      ]);
      if (
        accountFailures >= accountFailuresAllowed ||
        addressFailures >= addressFailuresAllowed
      )
        return reply
          .code(429)
          .header('Retry-After', failureWindowMs / 1000)
          .send({
            error: 'rate_limited',
            message: 'Too many attempts to sign in. Try again in 15 minutes.',
          });
      const account = await accounts.findByEmail(email);
      if (
        !(await verifyPassword(account?.passwordHash, request.body.password))
      ) {
        await audit.record({
          actor: null,
          action: 'sign_in_failed',
          subject: email,
          address: addressOf(request),
        });
        return reply.code(401).send(wrongCredentials);
      }
      if (!account) return reply.code(401).send(wrongCredentials);
      const previous = sessionCookie.tokenOf(request);
      if (previous) await sessions.end(previous);
      sessionCookie.set(request, reply, await sessions.start(account.id));
      await audit.record({
        actor: account.email,
        action: 'sign_in',
        subject: account.email,
        address: addressOf(request),
      });
      return { email: account.email, role: account.role };
    },
  );

  app.get(
    '/api/review/session',
    { preHandler: requireRole('reviewer') },
    async (request) => {
      const staff = request.staff;
      return staff && { email: staff.email, role: staff.role };
    },
  );

  app.delete('/api/review/session', async (request, reply) => {
    const token = sessionCookie.tokenOf(request);
    if (token) await sessions.end(token);
    sessionCookie.clear(request, reply);
    if (request.staff)
      await audit.record({
        actor: request.staff.email,
        action: 'sign_out',
        subject: request.staff.email,
        address: addressOf(request),
      });
    return reply.code(204).send();
  });

  app.post<{ Body: { currentPassword: string; newPassword: string } }>(
    '/api/review/password',
    {
      schema: { body: passwordChange },
      preHandler: requireRole('reviewer'),
    },
    async (request, reply) => {
      const staff = request.staff;
      const account = staff && (await accounts.findByEmail(staff.email));
      if (!staff || !account)
        return reply.code(403).send({
          error: 'forbidden_role',
          message: 'The automation token has no password to change.',
        });
      if (
        !(await verifyPassword(
          account.passwordHash,
          request.body.currentPassword,
        ))
      )
        return reply.code(400).send({
          error: 'validation',
          issues: [
            {
              path: 'currentPassword',
              message: 'This is not your current password.',
            },
          ],
        });
      try {
        // Ends every session of the account, this one too; this browser gets a fresh one.
        await accounts.setPassword(account.email, request.body.newPassword);
      } catch (error) {
        if (!(error instanceof StaffAccountError)) throw error;
        return reply.code(400).send({
          error: 'validation',
          issues: [{ path: 'newPassword', message: error.message }],
        });
      }
      sessionCookie.set(request, reply, await sessions.start(account.id));
      await audit.record({
        actor: account.email,
        action: 'password_changed',
        subject: account.email,
        address: addressOf(request),
      });
      return reply.code(204).send();
    },
  );
}
