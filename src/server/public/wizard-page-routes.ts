import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callStatusOf } from '#engine/calls.ts';
import { embedParameter } from '#engine/embed/embed-protocol.ts';
import { languagesOf } from '#engine/languages/language-tags.ts';
import { sendPage } from '../compressed-page.ts';
import type { LiveCalls, LiveForm } from '../form/live-form.ts';
import { createPublicPageSender } from './call-list-routes.ts';
import { renderUnavailableCallPage, unavailableCallOf } from './call-pages.ts';
import { pageConfigFor } from './page-language.ts';
import type { ServedPages } from './served-pages.ts';

export type WizardPageOptions = {
  calls: LiveCalls;
  pages: ServedPages;
  stylesheet: string;
  now: () => Date;
  /** The sites that may show the wizard's pages in a frame (`EMBED_ORIGINS`). */
  embedOrigins: readonly string[];
};

/** Whether a request asks for the wizard's page as a frame's content (`?embed=<host origin>`). */
const isEmbedRequest = (request: FastifyRequest) =>
  typeof (request.query as Record<string, unknown> | undefined)?.[
    embedParameter
  ] === 'string';

/**
 * The wizard: the default call's at `/`, each call's at `/apply/<slug>` (or the page that says it
 * is not open), and a call's form as JSON at `/api/form/<slug>`.
 */
export async function wizardPageRoutes(
  app: FastifyInstance,
  { calls, pages, stylesheet, now, embedOrigins }: WizardPageOptions,
) {
  await pages.defaultPage();
  /** Sends the wizard's page, or the form as JSON, in the request's language. */
  const sendForm = async (
    form: LiveForm,
    request: FastifyRequest,
    reply: FastifyReply,
    as: 'page' | 'json',
  ) => {
    const served = pages.servedIn(form, request);
    const [full, json] = await served.pages();
    const page = isEmbedRequest(request) ? await served.embeddedPage() : full;
    reply.header('Content-Language', served.lang);
    if (languagesOf(form.config).length > 1)
      reply.header('Vary', 'Accept-Language');
    return as === 'page'
      ? sendPage(page, request, reply, 'no-cache')
      : sendPage(
          json,
          request,
          reply,
          'no-cache',
          'application/json; charset=utf-8',
        );
  };
  app.get('/', async (request, reply) =>
    sendForm(calls.byDefault().form, request, reply, 'page'),
  );
  // A call's page while it is not open stands where its form does, in the frame too.
  const sendCallPage = createPublicPageSender({ frameAncestors: embedOrigins });
  app.get<{ Params: { slug: string } }>(
    '/apply/:slug',
    async (request, reply) => {
      const call = calls.get(request.params.slug);
      if (!call)
        return reply
          .code(404)
          .type('text/plain; charset=utf-8')
          .send('There is no call at this address.');
      const unavailable = unavailableCallOf(
        call.call,
        callStatusOf(call.call, now()),
      );
      if (unavailable) {
        const config = pageConfigFor(call.form.config, request);
        const page = renderUnavailableCallPage(unavailable, {
          config,
          stylesheet,
        });
        return sendCallPage(request, reply, page, config);
      }
      return sendForm(call.form, request, reply, 'page');
    },
  );
  // A call's form served now, for a wizard whose application was answered under a version no
  // longer taken: it asks the new questions without reloading the page, keeping every answer.
  app.get<{ Params: { slug: string } }>(
    '/api/form/:slug',
    async (request, reply) => {
      const call = calls.get(request.params.slug);
      if (!call)
        return reply.code(404).send({
          error: 'not_found',
          message: `There is no call "${request.params.slug}".`,
        });
      return sendForm(call.form, request, reply, 'json');
    },
  );
}
