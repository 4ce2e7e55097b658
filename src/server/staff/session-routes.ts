import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  changePassword,
  passkeySignInOptions,
  readSession,
  signIn,
  signInWithCode,
  signInWithPasskey,
  signOut,
} from '#review-api/session.ts';
import { routeOf, withContract } from '../review/contract.ts';
import type { AuditLog } from './audit-log.ts';
import type { Passkeys, RelyingParty } from './passkeys.ts';
import { verifyPassword } from './passwords.ts';
import { recheckPassword, type SignInThrottle } from './sign-in-throttle.ts';
import {
  requireRole,
  requireSignedIn,
  signedOut,
  type SessionCookie,
} from './staff-auth.ts';
import {
  normalEmail,
  StaffAccountError,
  type StaffAccounts,
} from './staff-accounts.ts';
import type { StaffSessions } from './staff-sessions.ts';
import type { PendingSignIn, TwoStep } from './two-step.ts';

// One message whatever was wrong, so the answer never tells whether an address has an account.
const wrongCredentials = {
  error: 'sign_in_failed',
  message: 'That e-mail address and password do not match an account.',
};

// A 400 naming the field, like any other refused entry: the password step stays done.
const wrongCode = {
  error: 'wrong_code',
  issues: [
    {
      path: 'code',
      message:
        'That code is not right, or it was used already. Enter the newest code from your authenticator app, or one of your recovery codes.',
    },
  ],
};

const passkeyRefused = {
  error: 'passkey_refused',
  message:
    'That passkey did not sign you in. Try it again, or enter a code from your authenticator app.',
};

const secondStepGone = {
  error: 'sign_in_expired',
  message:
    'This sign-in has expired or had too many wrong codes. Sign in again with your password.',
};

/** "3 seconds", "2 minutes": the wait a refused sign-in is told, rounded up. */
function waitText(waitMs: number): string {
  const seconds = Math.ceil(waitMs / 1000);
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export function throttled(reply: FastifyReply, waitMs: number) {
  return reply
    .code(429)
    .header('Retry-After', Math.ceil(waitMs / 1000))
    .send({
      error: 'rate_limited',
      message: `Too many failed sign-ins from here. Try again in ${waitText(waitMs)}.`,
    });
}

/**
 * Sign-in (the password, then the second step where the account has one), sign-out, who is signed
 * in, and changing one's own password. Each failed password or code slows the next try (see
 * `sign-in-throttle.ts`); the session starts only once every step is done.
 */
export async function sessionRoutes(
  plainApp: FastifyInstance,
  {
    accounts,
    sessions,
    audit,
    sessionCookie,
    secondStepCookie,
    throttle,
    twoStep,
    passkeys,
    relyingParty,
  }: {
    accounts: StaffAccounts;
    sessions: StaffSessions;
    audit: AuditLog;
    sessionCookie: SessionCookie;
    /** Holds a pending sign-in between the password and the code. */
    secondStepCookie: SessionCookie;
    throttle: SignInThrottle;
    twoStep: TwoStep;
    passkeys: Passkeys;
    relyingParty: (request: FastifyRequest) => RelyingParty;
  },
) {
  const app = withContract(plainApp);
  const addressOf = (request: FastifyRequest) => request.ip;

  /** Ends the browser's earlier session, starts a new one, and records the sign-in. */
  async function startSession(
    request: FastifyRequest,
    reply: FastifyReply,
    account: { id: string; email: string },
    detail?: string,
  ) {
    const previous = sessionCookie.tokenOf(request);
    if (previous) await sessions.end(previous);
    sessionCookie.set(request, reply, await sessions.start(account.id));
    await audit.record({
      actor: account.email,
      action: 'sign_in',
      subject: account.email,
      address: addressOf(request),
      ...(detail && { detail }),
    });
  }

  app.route({
    ...routeOf(signIn),
    handler: async (request, reply) => {
      const email = normalEmail(request.body.email);
      const attempt = await throttle.begin(email, addressOf(request));
      if ('waitMs' in attempt) return throttled(reply, attempt.waitMs);
      const account = await accounts.findByEmail(email);
      if (
        !(await verifyPassword(account?.passwordHash, request.body.password)) ||
        !account
      ) {
        await audit.record({
          actor: null,
          action: 'sign_in_failed',
          subject: email,
          address: addressOf(request),
          detail: 'wrong password',
        });
        return reply.code(401).send(wrongCredentials);
      }
      if (await twoStep.isOn(account.id)) {
        // Failures before stay counted until the code is right too: a known password must not
        // buy fresh guesses at the code.
        await attempt.passed();
        secondStepCookie.set(
          request,
          reply,
          await twoStep.startPending(account.id),
        );
        return reply.code(202).send({
          status: 'two_step_needed',
          message:
            'Enter the code from your authenticator app, or a recovery code.',
          methods: (await passkeys.hasAny(account.id))
            ? ['code', 'passkey']
            : ['code'],
        });
      }
      await attempt.succeeded();
      await startSession(request, reply, account);
      return {
        email: account.email,
        role: account.role,
        mustEnrol: await twoStep.isRequired(),
      };
    },
  });

  /** The pending sign-in this browser holds, or a 410 already sent. */
  async function pendingOf(request: FastifyRequest, reply: FastifyReply) {
    const token = secondStepCookie.tokenOf(request);
    const pending = token ? await twoStep.pending(token) : undefined;
    if (token && pending) return { token, ...pending };
    secondStepCookie.clear(request, reply);
    await reply.code(410).send(secondStepGone);
    return undefined;
  }

  /** The second step failed: counted against the pending sign-in and recorded. */
  async function secondStepFailed(
    request: FastifyRequest,
    pending: { token: string; email: string },
    detail: string,
  ) {
    await twoStep.wrongCode(pending.token);
    await audit.record({
      actor: null,
      action: 'sign_in_failed',
      subject: pending.email,
      address: addressOf(request),
      detail,
    });
  }

  /** The second step is done: the session starts. */
  async function secondStepDone(
    request: FastifyRequest,
    reply: FastifyReply,
    pending: PendingSignIn & { token: string },
    detail: string,
  ) {
    await twoStep.endPending(pending.token);
    secondStepCookie.clear(request, reply);
    await startSession(
      request,
      reply,
      { id: pending.staffId, email: pending.email },
      detail,
    );
    return { email: pending.email, role: pending.role, mustEnrol: false };
  }

  app.route({
    ...routeOf(signInWithCode),
    handler: async (request, reply) => {
      const pending = await pendingOf(request, reply);
      if (!pending) return reply;
      const attempt = await throttle.begin(
        pending.email,
        addressOf(request),
        'second step',
      );
      if ('waitMs' in attempt) return throttled(reply, attempt.waitMs);
      const taken = await twoStep.take(pending.staffId, request.body.code);
      if (!taken) {
        await secondStepFailed(request, pending, 'wrong code');
        return reply.code(400).send(wrongCode);
      }
      await attempt.succeeded();
      if (taken === 'code')
        return secondStepDone(
          request,
          reply,
          pending,
          'with an authentication code',
        );
      const left =
        (await twoStep.status(pending.staffId)).recoveryCodesLeft ?? 0;
      return {
        ...(await secondStepDone(
          request,
          reply,
          pending,
          `with a recovery code, ${left} left`,
        )),
        recoveryCodesLeft: left,
      };
    },
  });

  app.route({
    ...routeOf(passkeySignInOptions),
    handler: async (request, reply) => {
      const pending = await pendingOf(request, reply);
      if (!pending) return reply;
      const options = await passkeys.authenticationOptions(
        pending.staffId,
        relyingParty(request),
      );
      await twoStep.setChallenge(pending.token, options.challenge);
      return options;
    },
  });

  app.route({
    ...routeOf(signInWithPasskey),
    handler: async (request, reply) => {
      const pending = await pendingOf(request, reply);
      if (!pending) return reply;
      const attempt = await throttle.begin(
        pending.email,
        addressOf(request),
        'second step',
      );
      if ('waitMs' in attempt) return throttled(reply, attempt.waitMs);
      const challenge = await twoStep.takeChallenge(pending.token);
      const isRight =
        challenge !== undefined &&
        (await passkeys.authenticate(
          pending.staffId,
          request.body.response,
          challenge,
          relyingParty(request),
        ));
      if (!isRight) {
        await secondStepFailed(request, pending, 'passkey refused');
        return reply.code(400).send(passkeyRefused);
      }
      await attempt.succeeded();
      return secondStepDone(request, reply, pending, 'with a passkey');
    },
  });

  app.route({
    ...routeOf(readSession),
    // Also while two-step sign-in must still be set up: the page asks who it is for.
    preHandler: requireSignedIn,
    handler: async (request, reply) => {
      const staff = request.staff;
      if (!staff) return reply.code(401).send(signedOut);
      return {
        email: staff.email,
        role: staff.role,
        mustEnrol: staff.mustEnrol,
      };
    },
  });

  app.route({
    ...routeOf(signOut),
    handler: async (request, reply) => {
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
    },
  });

  app.route({
    ...routeOf(changePassword),
    preHandler: requireRole('reviewer'),
    handler: async (request, reply) => {
      const staff = request.staff;
      const account = staff && (await accounts.findByEmail(staff.email));
      if (!staff || !account)
        return reply.code(403).send({
          error: 'forbidden_role',
          message: 'The automation token has no password to change.',
        });
      const recheck = await recheckPassword(
        throttle,
        account,
        request.body.currentPassword,
        addressOf(request),
      );
      if (typeof recheck === 'object') return throttled(reply, recheck.waitMs);
      if (recheck === 'wrong')
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
  });
}
