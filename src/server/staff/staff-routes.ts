import type { FastifyInstance } from 'fastify';
import { joinPath } from '#engine/review-page.ts';
import {
  acceptInvitation,
  changeRole,
  invite,
  listStaff,
  readInvitation,
  removeStaff,
  revokeInvitation,
} from '#review-api/staff.ts';
import { routeOf, withContract } from '../review/contract.ts';
import type { AuditLog } from './audit-log.ts';
import {
  expectedOriginOf,
  requireRole,
  type SessionCookie,
} from './staff-auth.ts';
import { StaffAccountError, type StaffAccounts } from './staff-accounts.ts';
import type { StaffInvitations } from './staff-invitations.ts';
import type { StaffSessions } from './staff-sessions.ts';

/** A refusal of the accounts' rules (an address taken, a password too short) as a 400 naming the field. */
const refusalOf = (error: unknown, path: string) => {
  if (!(error instanceof StaffAccountError)) throw error;
  return {
    error: 'validation',
    issues: [{ path, message: error.message }],
  };
};

const linkGone = {
  error: 'invitation_gone',
  message:
    'This invitation link has been used or has expired. Ask an admin for a new one.',
};

const noAccount = {
  error: 'not_found',
  message: 'No staff account with that id.',
};

/**
 * Staff management for admins (accounts, roles, invitations), and the invited person's side:
 * reading an invitation and taking it up with a password of their own. The invitation's token
 * travels in request bodies, never in an address, so it stays out of access logs.
 */
export async function staffRoutes(
  plainApp: FastifyInstance,
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
  const app = withContract(plainApp);
  const admin = { preHandler: requireRole('admin') };

  app.route({
    ...routeOf(listStaff),
    ...admin,
    handler: async () => ({
      accounts: await accounts.list(),
      invitations: await invitations.pending(),
    }),
  });

  app.route({
    ...routeOf(changeRole),
    ...admin,
    handler: async (request, reply) => {
      let account;
      try {
        account = await accounts.change(request.params.id, {
          role: request.body.role,
        });
      } catch (error) {
        return reply.code(400).send(refusalOf(error, 'role'));
      }
      if (!account) return reply.code(404).send(noAccount);
      await audit.record({
        actor: request.staff?.email ?? '',
        action: 'role_changed',
        subject: account.email,
        address: request.ip,
        detail: account.role,
      });
      return account;
    },
  });

  app.route({
    ...routeOf(removeStaff),
    ...admin,
    handler: async (request, reply) => {
      let account;
      try {
        account = await accounts.change(request.params.id, 'remove');
      } catch (error) {
        return reply.code(400).send(refusalOf(error, 'id'));
      }
      if (!account) return reply.code(404).send(noAccount);
      await audit.record({
        actor: request.staff?.email ?? '',
        action: 'staff_removed',
        subject: account.email,
        address: request.ip,
      });
      return reply.code(204).send();
    },
  });

  app.route({
    ...routeOf(invite),
    ...admin,
    handler: async (request, reply) => {
      const invitedBy = request.staff?.email ?? '';
      let made;
      try {
        made = await invitations.invite({ ...request.body, invitedBy });
      } catch (error) {
        return reply.code(400).send(refusalOf(error, 'email'));
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
  });

  app.route({
    ...routeOf(revokeInvitation),
    ...admin,
    handler: async (request, reply) => {
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
  });

  // Signed out on purpose: the invited person has no account yet.
  app.route({
    ...routeOf(readInvitation),
    handler: async (request, reply) => {
      const invitation = await invitations.find(request.body.token);
      if (!invitation) return reply.code(410).send(linkGone);
      return {
        email: invitation.email,
        role: invitation.role,
        expiresAt: invitation.expiresAt,
      };
    },
  });

  app.route({
    ...routeOf(acceptInvitation),
    handler: async (request, reply) => {
      let account;
      try {
        account = await invitations.accept(
          request.body.token,
          request.body.password,
        );
      } catch (error) {
        return reply.code(400).send(refusalOf(error, 'password'));
      }
      if (!account) return reply.code(410).send(linkGone);
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
  });
}
