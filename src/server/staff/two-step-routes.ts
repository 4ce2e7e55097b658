import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  addPasskey,
  beginTwoStepSetup,
  listPasskeys,
  passkeyOptions,
  readTwoStep,
  removePasskey,
  turnOffTwoStep,
  turnOnTwoStep,
} from '#review-api/session.ts';
import { routeOf, withContract } from '../review/contract.ts';
import type { AuditLog } from './audit-log.ts';
import type { Passkeys, RelyingParty } from './passkeys.ts';
import { throttled } from './session-routes.ts';
import { recheckPassword, type SignInThrottle } from './sign-in-throttle.ts';
import { requirePerson, signedOut, type SessionCookie } from './staff-auth.ts';
import type { StaffAccounts } from './staff-accounts.ts';
import type { StaffSessions } from './staff-sessions.ts';
import type { TwoStep } from './two-step.ts';

/**
 * A person's own two-step sign-in, under Settings: its state, a set-up (key and QR code), turning
 * it on with a first code, turning it off with the password. Allowed while the account must still
 * set it up. Turning it on or off ends the account's other sessions and gives this browser a new one.
 */
export async function twoStepRoutes(
  plainApp: FastifyInstance,
  {
    twoStep,
    accounts,
    sessions,
    audit,
    sessionCookie,
    issuer,
    passkeys,
    relyingParty,
    throttle,
  }: {
    twoStep: TwoStep;
    accounts: StaffAccounts;
    sessions: StaffSessions;
    audit: AuditLog;
    sessionCookie: SessionCookie;
    /**
     * The organisation's name, which authenticator apps show beside the account: read at each
     * set-up, so a name published in the editor since the start is the one the app shows.
     */
    issuer: () => string;
    passkeys: Passkeys;
    relyingParty: (request: FastifyRequest) => RelyingParty;
    throttle: SignInThrottle;
  },
) {
  const app = withContract(plainApp);
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  const person = { preHandler: requirePerson };

  /** A fresh session for this browser, every other one of the account ended; and the record. */
  async function changed(
    request: FastifyRequest,
    reply: FastifyReply,
    action:
      'two_step_on' | 'two_step_off' | 'passkey_added' | 'passkey_removed',
  ) {
    const staff = request.staff;
    if (!staff) return;
    await sessions.endAllOf(staff.id);
    sessionCookie.set(request, reply, await sessions.start(staff.id));
    await audit.record({
      actor: staff.email,
      action,
      subject: staff.email,
      address: request.ip,
    });
  }

  app.route({
    ...routeOf(readTwoStep),
    ...person,
    handler: async (request) => twoStep.status(request.staff?.id ?? ''),
  });

  app.route({
    ...routeOf(beginTwoStepSetup),
    ...person,
    handler: async (request, reply) => {
      const staff = request.staff;
      const setup =
        staff &&
        (await twoStep.beginSetup(staff.id, {
          issuer: issuer(),
          account: staff.email,
        }));
      if (!setup)
        return reply.code(409).send({
          error: 'two_step_on',
          message: 'Two-step sign-in is already on for this account.',
        });
      return setup;
    },
  });

  app.route({
    ...routeOf(turnOnTwoStep),
    ...person,
    handler: async (request, reply) => {
      const outcome = await twoStep.finishSetup(
        request.staff?.id ?? '',
        request.body.code,
      );
      if (outcome === 'no_setup')
        return reply.code(409).send({
          error: 'no_setup',
          message:
            'Two-step sign-in is on already, or its set-up has not begun: reload the page.',
        });
      if (outcome === 'wrong_code')
        return reply.code(400).send({
          error: 'validation',
          issues: [
            {
              path: 'code',
              message:
                'That is not the code your app shows now. Check that its clock is right, then enter the newest code.',
            },
          ],
        });
      await changed(request, reply, 'two_step_on');
      return reply.code(201).send({ recoveryCodes: outcome });
    },
  });

  app.route({
    ...routeOf(turnOffTwoStep),
    ...person,
    handler: async (request, reply) => {
      const staff = request.staff;
      const account = staff && (await accounts.findByEmail(staff.email));
      if (!staff || !account) return reply.code(401).send(signedOut);
      if (await twoStep.isRequired())
        return reply.code(409).send({
          error: 'two_step_required',
          message:
            'Your organisation requires two-step sign-in, so it cannot be turned off.',
        });
      const recheck = await recheckPassword(
        throttle,
        account,
        request.body.password,
        request.ip,
      );
      if (typeof recheck === 'object') return throttled(reply, recheck.waitMs);
      if (recheck === 'wrong')
        return reply.code(400).send({
          error: 'validation',
          issues: [
            { path: 'password', message: 'This is not your current password.' },
          ],
        });
      await twoStep.turnOff(staff.id);
      await changed(request, reply, 'two_step_off');
      return reply.code(204).send();
    },
  });

  const notOn = (reply: FastifyReply) =>
    reply.code(409).send({
      error: 'two_step_off',
      message:
        'Turn two-step sign-in on first: a passkey is another way to do its second step.',
    });

  app.route({
    ...routeOf(listPasskeys),
    ...person,
    handler: async (request) => ({
      passkeys: await passkeys.list(request.staff?.id ?? ''),
    }),
  });

  app.route({
    ...routeOf(passkeyOptions),
    ...person,
    handler: async (request, reply) => {
      const staff = request.staff;
      if (!staff || !(await twoStep.isOn(staff.id))) return notOn(reply);
      return passkeys.registrationOptions(staff, relyingParty(request));
    },
  });

  app.route({
    ...routeOf(addPasskey),
    ...person,
    handler: async (request, reply) => {
      const staff = request.staff;
      if (!staff || !(await twoStep.isOn(staff.id))) return notOn(reply);
      const passkey = await passkeys.register(
        staff.id,
        request.body.response,
        relyingParty(request),
      );
      if (!passkey)
        return reply.code(400).send({
          error: 'passkey_refused',
          message:
            'The passkey could not be added: the request expired or the browser answered for another site. Try again.',
        });
      await changed(request, reply, 'passkey_added');
      return reply.code(201).send(passkey);
    },
  });

  app.route({
    ...routeOf(removePasskey),
    ...person,
    handler: async (request, reply) => {
      if (!(await passkeys.remove(request.staff?.id ?? '', request.params.id)))
        return reply.code(404).send({
          error: 'not_found',
          message: 'This account has no such passkey.',
        });
      await changed(request, reply, 'passkey_removed');
      return reply.code(204).send();
    },
  });
}
