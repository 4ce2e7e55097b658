import type { FastifyInstance, FastifyReply } from 'fastify';
import { joinPath } from '#engine/review-page.ts';
import type { StaffRole } from '../db/database.ts';
import type { AuditLog } from './audit-log.ts';
import {
  expectedOriginOf,
  requireRole,
  type SessionCookie,
} from './staff-auth.ts';
import {
  StaffAccountError,
  staffRoles,
  type StaffAccounts,
} from './staff-accounts.ts';
import type { StaffInvitations } from './staff-invitations.ts';
import type { StaffSessions } from './staff-sessions.ts';

const roleSchema = { type: 'string', enum: [...staffRoles] } as const;
const tokenSchema = { type: 'string', minLength: 1, maxLength: 100 } as const;
const byId = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 36 } },
} as const;

const refusal = (reply: FastifyReply, error: unknown, path: string) => {
  if (!(error instanceof StaffAccountError)) throw error;
  return reply.code(400).send({
    error: 'validation',
    issues: [{ path, message: error.message }],
  });
};

const linkGone = (reply: FastifyReply) =>
  reply.code(410).send({
    error: 'invitation_gone',
    message:
      'This invitation link has been used or has expired. Ask an admin for a new one.',
  });

/**
 * Staff management for admins (accounts, roles, invitations), and the invited person's side:
 * reading an invitation and taking it up with a password of their own. The invitation's token
 * travels in request bodies, never in an address, so it stays out of access logs.
 */
export async function staffRoutes(
  app: FastifyInstance,
  {
    accounts,
    invitations,
    sessions,
    audit,
    publicOrigin,
    sessionCookie,
  }: {
    accounts: StaffAccounts;
    invitations: StaffInvitations;
    sessions: StaffSessions;
    audit: AuditLog;
    publicOrigin: string | undefined;
    sessionCookie: SessionCookie;
  },
) {
  const admin = { preHandler: requireRole('admin') };

  app.get('/api/review/staff', admin, async () => ({
    accounts: await accounts.list(),
    invitations: await invitations.pending(),
  }));

  app.patch<{ Params: { id: string }; Body: { role: StaffRole } }>(
    '/api/review/staff/:id',
    {
      ...admin,
      schema: {
        params: byId,
        body: {
          type: 'object',
          required: ['role'],
          additionalProperties: false,
          properties: { role: roleSchema },
        },
      },
    },
    async (request, reply) => {
      let account;
      try {
        account = await accounts.change(request.params.id, {
          role: request.body.role,
        });
      } catch (error) {
        return refusal(reply, error, 'role');
      }
      if (!account) return noAccount(reply);
      await audit.record({
        actor: request.staff?.email ?? '',
        action: 'role_changed',
        subject: account.email,
        address: request.ip,
        detail: account.role,
      });
      return account;
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/review/staff/:id',
    { ...admin, schema: { params: byId } },
    async (request, reply) => {
      let account;
      try {
        account = await accounts.change(request.params.id, 'remove');
      } catch (error) {
        return refusal(reply, error, 'id');
      }
      if (!account) return noAccount(reply);
      await audit.record({
        actor: request.staff?.email ?? '',
        action: 'staff_removed',
        subject: account.email,
        address: request.ip,
      });
      return reply.code(204).send();
    },
  );

  app.post<{ Body: { email: string; role: StaffRole } }>(
    '/api/review/invitations',
    {
      ...admin,
      schema: {
        body: {
          type: 'object',
          required: ['email', 'role'],
          additionalProperties: false,
          properties: {
            email: { type: 'string', maxLength: 320 },
            role: roleSchema,
          },
        },
      },
    },
    async (request, reply) => {
      const invitedBy = request.staff?.email ?? '';
      let made;
      try {
        made = await invitations.invite({ ...request.body, invitedBy });
      } catch (error) {
        return refusal(reply, error, 'email');
      }
      await audit.record({
        actor: invitedBy,
        action: 'staff_invited',
        subject: made.invitation.email,
        address: request.ip,
        detail: made.invitation.role,
      });
      const origin = expectedOriginOf(request, publicOrigin);
      // The token rides in the fragment, which browsers never send to a server or in a Referer.
      return reply.code(201).send({
        invitation: made.invitation,
        link: `${origin}${joinPath}#${made.token}`,
      });
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/review/invitations/:id',
    { ...admin, schema: { params: byId } },
    async (request, reply) => {
      const invitation = await invitations.revoke(request.params.id);
      if (!invitation)
        return reply.code(404).send({
          error: 'not_found',
          message: 'No open invitation with that id.',
        });
      await audit.record({
        actor: request.staff?.email ?? '',
        action: 'invitation_revoked',
        subject: invitation.email,
        address: request.ip,
      });
      return reply.code(204).send();
    },
  );

  // Signed out on purpose: the invited person has no account yet.
  app.post<{ Body: { token: string } }>(
    '/api/review/invitation',
    {
      schema: {
        body: {
          type: 'object',
          required: ['token'],
          additionalProperties: false,
          properties: { token: tokenSchema },
        },
      },
    },
    async (request, reply) => {
      const invitation = await invitations.find(request.body.token);
      if (!invitation) return linkGone(reply);
      return {
        email: invitation.email,
        role: invitation.role,
        expiresAt: invitation.expiresAt,
      };
    },
  );

  app.post<{ Body: { token: string; password: string } }>(
    '/api/review/invitation/accept',
    {
      schema: {
        body: {
          type: 'object',
          required: ['token', 'password'],
          additionalProperties: false,
          properties: {
            token: tokenSchema,
            password: { type: 'string', maxLength: 1024 },
          },
        },
      },
    },
    async (request, reply) => {
      let account;
      try {
        account = await invitations.accept(
          request.body.token,
          request.body.password,
        );
      } catch (error) {
        return refusal(reply, error, 'password');
      }
      if (!account) return linkGone(reply);
      sessionCookie.set(request, reply, await sessions.start(account.id));
      await audit.record({
        actor: account.email,
        action: 'staff_added',
        subject: account.email,
        address: request.ip,
        detail: `by invitation, ${account.role}`,
      });
      return reply.code(201).send({ email: account.email, role: account.role });
    },
  );
}

const noAccount = (reply: FastifyReply) =>
  reply.code(404).send({
    error: 'not_found',
    message: 'No staff account with that id.',
  });
