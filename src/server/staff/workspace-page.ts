import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  joinPath,
  returnPathAfterSignIn,
  signInPath,
  twoStepSetupPath,
} from '#engine/review-page.ts';

type PageSender = (
  request: FastifyRequest,
  reply: FastifyReply,
) => FastifyReply | Promise<FastifyReply>;

/**
 * The workspace's one page, at every `/review` address. Signed out, every address but the sign-in
 * page and an invitation's page leads to sign-in, and back to the address asked for after signing in.
 * An account that must set up two-step sign-in first is led to its set-up page from everywhere.
 */
export async function workspacePageRoutes(
  app: FastifyInstance,
  { sendPage }: { sendPage: PageSender },
) {
  const handler = (
    request: FastifyRequest<{ Querystring: { next?: string } }>,
    reply: FastifyReply,
  ) => {
    const path = request.url.split('?')[0];
    const isSignIn = path === signInPath;
    if (request.staff?.mustEnrol && path !== twoStepSetupPath)
      return reply.redirect(
        `${twoStepSetupPath}?next=${encodeURIComponent(isSignIn ? returnPathAfterSignIn(request.query.next) : request.url)}`,
        302,
      );
    if (!request.staff && !isSignIn && path !== joinPath)
      return reply.redirect(
        `${signInPath}?next=${encodeURIComponent(request.url)}`,
        302,
      );
    if (request.staff && isSignIn)
      return reply.redirect(returnPathAfterSignIn(request.query.next), 302);
    return sendPage(request, reply);
  };
  app.get('/review', handler);
  app.get('/review/*', handler);
}
