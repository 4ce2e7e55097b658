import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  joinPath,
  returnPathAfterSignIn,
  signInPath,
  twoStepSetupPath,
} from '#engine/review-page.ts';
import { sendPage, type CompressedPage } from '../compressed-page.ts';

/**
 * The longest return address carried through sign-in. A longer one (a search pasted whole) comes
 * back as its page without the query: the redirect's `Location` stays a few KiB at most, which
 * every proxy and client accepts.
 */
const maxReturnLength = 2048;

/** `?next=` with the address to come back to, as much of it as fits. */
function returnQueryOf(address: string): string {
  for (const kept of [address, address.split('?')[0] ?? '']) {
    const encoded = encodeURIComponent(kept);
    if (encoded.length <= maxReturnLength) return `?next=${encoded}`;
  }
  return '';
}

/**
 * The workspace's one page, at every `/review` address. Signed out, every address but the sign-in
 * page and an invitation's page leads to sign-in, and back to the address asked for after signing in.
 * An account that must set up two-step sign-in first is led to its set-up page from everywhere.
 */
export async function workspacePageRoutes(
  app: FastifyInstance,
  { page }: { page: () => Promise<CompressedPage> },
) {
  const handler = async (
    request: FastifyRequest<{ Querystring: { next?: string } }>,
    reply: FastifyReply,
  ) => {
    const path = request.url.split('?')[0];
    const isSignIn = path === signInPath;
    if (request.staff?.mustEnrol && path !== twoStepSetupPath)
      return reply.redirect(
        `${twoStepSetupPath}${returnQueryOf(isSignIn ? returnPathAfterSignIn(request.query.next) : request.url)}`,
        302,
      );
    if (!request.staff && !isSignIn && path !== joinPath)
      return reply.redirect(`${signInPath}${returnQueryOf(request.url)}`, 302);
    if (request.staff && isSignIn)
      return reply.redirect(returnPathAfterSignIn(request.query.next), 302);
    // Whether it answers depends on the session: never from a cache.
    return sendPage(await page(), request, reply, 'no-store');
  };
  app.get('/review', handler);
  app.get('/review/*', handler);
}
