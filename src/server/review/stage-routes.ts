import type { FastifyInstance } from 'fastify';
import {
  markTold,
  moveStage,
  moveStages,
  readBulkJob,
} from '#review-api/application.ts';
import { previewDecisions, sendDecisions } from '#review-api/messages.ts';
import { describeCalls, describeChoice } from './audit-details.ts';
import { createBulkDecisions } from './bulk-decisions.ts';
import { createBulkJobs } from './bulk-jobs.ts';
import {
  changedCount,
  countOf,
  idsOf,
  notFound,
  selectionChanged,
} from './chosen-applications.ts';
import { routeOf, withContract } from './contract.ts';
import { noEmail } from './message-routes.ts';
import { isWithdrawn } from './review-repository.ts';
import type { ReviewSources } from './review-sources.ts';

/** The team's decisions: moves between stages, one or many, with or without their e-mail. */
export async function stageRoutes(
  plainApp: FastifyInstance,
  { database, repository, reviews, audit, messaging, callTitle }: ReviewSources,
) {
  const app = withContract(plainApp);

  app.route({
    ...routeOf(moveStage),
    handler: async (request, reply) => {
      const actor = request.staff?.email ?? '';
      const move = await reviews.moveByStaff(
        request.params.id,
        request.body.stage,
        actor,
      );
      if (!move) return reply.code(404).send(notFound);
      if (move === 'withdrawn') return reply.code(409).send(isWithdrawn);
      await audit.record({
        actor,
        action: 'stage_moved',
        subject: request.params.id,
        address: request.ip,
        detail: `${move.from} → ${move.to}; ${describeCalls([move.callSlug], callTitle)}`,
      });
      const { at, from, to } = move;
      return { at, actor: move.actor, from, to };
    },
  });

  app.route({
    ...routeOf(markTold),
    handler: async (request, reply) => {
      const told = await reviews.markTold(request.params.id);
      if (!told) return reply.code(404).send(notFound);
      if (told === 'undecided')
        return reply.code(409).send({
          error: 'undecided',
          message:
            'Only a decision is told: accept or decline the application first.',
        });
      await audit.record({
        actor: request.staff?.email ?? '',
        action: 'decision_told',
        subject: request.params.id,
        address: request.ip,
        detail: `${told.stage}, without an e-mail; ${describeCalls([told.callSlug], callTitle)}`,
      });
      return { toldStage: told.stage };
    },
  });

  const jobs = createBulkJobs({
    database,
    repository,
    reviews,
    audit,
    callTitle,
  });
  await jobs.resume();
  app.addHook('onClose', () => jobs.close());

  // Several at once: each moved and recorded on its application as if moved alone (ids no longer
  // there are skipped); the audit log gets one entry, with the count and how they were chosen.
  // Every one in a view is moved by a job, however many match; the answer is the job to follow.
  app.route({
    ...routeOf(moveStages),
    handler: async (request, reply) => {
      const { view, expected, stage } = request.body;
      if (view) {
        const total = await countOf(repository, view);
        if (total !== expected)
          return reply
            .code(409)
            .send(selectionChanged({ refusal: changedCount(total, expected) }));
        const job = await jobs.start({
          view,
          stage,
          total,
          actor: request.staff?.email ?? '',
          address: request.ip,
        });
        return reply.code(202).send(job);
      }
      const ids = await idsOf(repository, request.body);
      if (!Array.isArray(ids))
        return reply.code(409).send(selectionChanged(ids));
      const actor = request.staff?.email ?? '';
      const withdrawn = await reviews.withdrawnAmong(ids);
      const moves = await reviews.moveStages(ids, stage, actor);
      if (moves.length > 0)
        await audit.record({
          actor,
          action: 'stages_moved',
          subject: null,
          address: request.ip,
          count: moves.length,
          detail: `→ ${stage}; ${describeChoice(
            { selected: ids.length },
            moves.map((move) => move.callSlug),
            callTitle,
          )}`,
        });
      return { moved: moves.length, withdrawn };
    },
  });

  app.route({
    ...routeOf(readBulkJob),
    handler: async (request, reply) => {
      const job = await jobs.read(request.params.id);
      return job
        ? job
        : reply
            .code(404)
            .send({ error: 'not_found', message: 'No bulk job with that id.' });
    },
  });

  const decisions = createBulkDecisions({
    repository,
    reviews,
    messaging,
    db: database.db,
  });

  app.route({
    ...routeOf(previewDecisions),
    handler: async (request, reply) => {
      if (!messaging.settings().isEmailOn) return reply.code(409).send(noEmail);
      const ids = await idsOf(repository, request.body);
      if (!Array.isArray(ids))
        return reply.code(409).send(selectionChanged(ids));
      return decisions.preview(ids, request.body.stage);
    },
  });

  // A decision with its e-mail: moved and e-mailed in one transaction, one entry in the audit log.
  app.route({
    ...routeOf(sendDecisions),
    handler: async (request, reply) => {
      if (!messaging.settings().isEmailOn) return reply.code(409).send(noEmail);
      const ids = await idsOf(repository, request.body);
      if (!Array.isArray(ids))
        return reply.code(409).send(selectionChanged(ids));
      const actor = request.staff?.email ?? '';
      const { stage, subject, body, view } = request.body;
      const withdrawn = await reviews.withdrawnAmong(ids);
      const { moves, emailed, calls } = await decisions.send(
        ids,
        stage,
        { subject, body },
        actor,
      );
      if (moves.length > 0 || emailed > 0)
        await audit.record({
          actor,
          action: moves.length > 0 ? 'stages_moved' : 'message_sent',
          subject: null,
          address: request.ip,
          count: moves.length > 0 ? moves.length : emailed,
          detail: `→ ${stage}; ${describeChoice(
            { view, selected: ids.length },
            calls,
            callTitle,
          )}; decision e-mail to ${emailed}`,
        });
      return { moved: moves.length, emailed, withdrawn };
    },
  });
}
