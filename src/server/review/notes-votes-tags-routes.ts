import type { FastifyInstance } from 'fastify';
import { addNote, changeTags, vote } from '#review-api/application.ts';
import { idsOf, notFound, selectionChanged } from './chosen-applications.ts';
import { routeOf, withContract } from './contract.ts';
import type { ReviewSources } from './review-sources.ts';

/** What the team adds to applications without moving them: tags, each person's vote, notes. */
export async function notesVotesTagsRoutes(
  plainApp: FastifyInstance,
  { repository, reviews }: ReviewSources,
) {
  const app = withContract(plainApp);

  app.route({
    ...routeOf(changeTags),
    handler: async (request, reply) => {
      const ids = await idsOf(repository, request.body);
      if (!Array.isArray(ids))
        return reply.code(409).send(selectionChanged(ids));
      const tagged = await reviews.tag(ids, {
        add: [...new Set(request.body.add)],
        remove: [...new Set(request.body.remove)],
      });
      // One application named, and it is gone: say so, rather than "tagged 0".
      if (tagged === 0 && request.body.ids?.length === 1)
        return reply.code(404).send(notFound);
      return { tagged };
    },
  });

  app.route({
    ...routeOf(vote),
    handler: async (request, reply) => {
      const staff = request.staff;
      if (!staff?.isPerson)
        return reply.code(403).send({
          error: 'forbidden_role',
          message: 'Votes belong to people; the automation token has none.',
        });
      if (
        !(await reviews.vote(request.params.id, staff.id, request.body.value))
      )
        return reply.code(404).send(notFound);
      return reply.code(204).send();
    },
  });

  app.route({
    ...routeOf(addNote),
    handler: async (request, reply) => {
      const note = await reviews.addNote(
        request.params.id,
        request.staff?.email ?? '',
        request.body.body,
      );
      return note ? reply.code(201).send(note) : reply.code(404).send(notFound);
    },
  });
}
