import type { FastifyInstance } from 'fastify';
import { readApplication } from '#review-api/application.ts';
import { inboxFacets, listInbox } from '#review-api/inbox.ts';
import type { CallFacts } from '../db/application-rows.ts';
import { fullNameOf } from '../db/applicant-columns.ts';
import { relativesOf } from '../db/duplicates.ts';
import { callFactsJson } from '../calls/call-facts.ts';
import { reachOf } from '../reach/reach-queue.ts';
import { notFound, selectionOf } from './chosen-applications.ts';
import { routeOf, withContract } from './contract.ts';
import { countedInboxPage, cursorRefusal, decodeCursor } from './cursor.ts';
import { inboxFacetsOf } from './inbox-facets.ts';
import type { ReviewSources } from './review-sources.ts';

/** The inbox a page at a time, its facets, and one application with its answers. */
export async function inboxRoutes(
  plainApp: FastifyInstance,
  {
    database,
    repository,
    reviews,
    descriptions,
    callTitle,
    reachLookUps,
  }: ReviewSources,
) {
  const app = withContract(plainApp);
  const callOf = (facts: CallFacts) => callFactsJson(facts, callTitle);

  app.route({
    ...routeOf(listInbox),
    handler: async (request, reply) => {
      const { sort, cursor, limit, ...view } = request.query;
      const after = decodeCursor(cursor);
      if (after === null) return reply.code(400).send(cursorRefusal);
      const { filters, stage } = selectionOf(view);
      const page = await countedInboxPage(repository, {
        limit: limit ?? 50,
        after,
        filters: filters ?? {},
        stage,
        sort,
      });
      return {
        ...page,
        items: page.items.map((item) => ({ ...item, ...callOf(item) })),
      };
    },
  });

  app.route({
    ...routeOf(inboxFacets),
    handler: async () => inboxFacetsOf(database),
  });

  app.route({
    ...routeOf(readApplication),
    handler: async (request, reply) => {
      const [application, review] = await Promise.all([
        repository.get(request.params.id),
        reviews.review(request.params.id),
      ]);
      if (!application || !review) return reply.code(404).send(notFound);
      return {
        id: application.id,
        name: fullNameOf(application.payload),
        receivedAt: application.receivedAt,
        ...callOf(application),
        source: application.source,
        hidden: application.hidden,
        clickId: application.clickId,
        language: application.payload.language ?? null,
        answers: await descriptions.describe(application),
        ...review,
        ...(await relativesOf(database.db, application.id)),
        reach: await reachOf(database, application.id),
        reachLookUps: [...reachLookUps],
      };
    },
  });
}
