import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  addNote,
  changeTags,
  eraseApplication,
  eraseApplications,
  markTold,
  maxMatching,
  moveStage,
  moveStages,
  readApplication,
  vote,
  type ParsedBulkTarget,
} from '#review-api/application.ts';
import { previewDecisions, sendDecisions } from '#review-api/messages.ts';
import {
  exportSelected,
  exportView,
  inboxFacets,
  listInbox,
  type ExportFormat,
  type InboxView,
} from '#review-api/inbox.ts';
import type { ApplicationDescriptions } from '../application-descriptions.ts';
import type {
  ApplicationsRepository,
  CallFacts,
  InboxSelection,
} from '../db/applications-repository.ts';
import type { Database } from '../db/database.ts';
import { fullNameOf } from '../db/applicant-columns.ts';
import { relativesOf } from '../db/duplicates.ts';
import { callFactsJson } from '../calls/call-facts.ts';
import { answerErasure } from '../erasure-answer.ts';
import { exportTable } from '../export-table.ts';
import type { Messaging } from '../notifications/messaging.ts';
import { detailOfExport, sendExport } from '../send-export.ts';
import type { AuditLog } from '../staff/audit-log.ts';
import { requireRole } from '../staff/staff-auth.ts';
import {
  callsOf,
  describeCalls,
  describeChoice,
  describeView,
} from './audit-details.ts';
import { createBulkDecisions } from './bulk-decisions.ts';
import { noEmail } from './message-routes.ts';
import type { ReviewRepository } from './review-repository.ts';
import { routeOf, withContract } from './contract.ts';
import { isWithdrawn } from './review-repository.ts';
import { cursorRefusal, decodeCursor, inboxPage } from './cursor.ts';
import { inboxFacetsOf } from './inbox-facets.ts';

/** A view as the queries take it: its stage apart from its filters. */
const selectionOf = ({ stage, ...filters }: InboxView): InboxSelection => ({
  stage,
  filters,
});

const notFound = {
  error: 'not_found',
  message: 'No application with that id.',
};

/** The workspace's API: the inbox, one application with its answers, and the team's decisions. */
export async function reviewRoutes(
  plainApp: FastifyInstance,
  {
    database,
    repository,
    reviews,
    descriptions,
    audit,
    messaging,
    callTitle,
  }: {
    /** The title of a call, by its slug. */
    callTitle: (slug: string) => string;
    database: Database;
    repository: ApplicationsRepository;
    reviews: ReviewRepository;
    descriptions: ApplicationDescriptions;
    audit: AuditLog;
    messaging: Messaging;
  },
) {
  const app = withContract(plainApp);
  app.addHook('preHandler', requireRole('reviewer'));
  const callOf = (facts: CallFacts) => callFactsJson(facts, callTitle);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.route({
    ...routeOf(listInbox),
    handler: async (request, reply) => {
      const { sort, cursor, limit, ...view } = request.query;
      const after = decodeCursor(cursor);
      if (after === null) return reply.code(400).send(cursorRefusal);
      const { filters, stage } = selectionOf(view);
      const [page, counts] = await Promise.all([
        inboxPage(repository, {
          limit: limit ?? 50,
          after,
          filters: filters ?? {},
          stage,
          sort,
        }),
        repository.countByStage(filters),
      ]);
      return {
        ...page,
        items: page.items.map((item) => ({ ...item, ...callOf(item) })),
        counts,
      };
    },
  });

  app.route({
    ...routeOf(inboxFacets),
    handler: async () => inboxFacetsOf(database),
  });

  /**
   * The ids a bulk action is about: those named, or every one in the view when as many match as
   * expected; a string saying why not otherwise.
   */
  async function idsOf(
    target: ParsedBulkTarget,
  ): Promise<string[] | { refusal: string }> {
    if (target.ids) return target.ids;
    const ids = await repository.idsOf(
      selectionOf(target.view ?? {}),
      maxMatching + 1,
    );
    if (ids.length === target.expected) return ids;
    return {
      refusal:
        ids.length > maxMatching
          ? `More than ${maxMatching.toLocaleString('en')} applications match; narrow the filters first.`
          : `${ids.length.toLocaleString('en')} applications match now, not ${(target.expected ?? 0).toLocaleString('en')}: the list changed. Check it and try again.`,
    };
  }
  const selectionChanged = (refusal: { refusal: string }) => ({
    error: 'selection_changed',
    message: refusal.refusal,
  });

  /** Every export is recorded: who, from where, and which applications, never what they hold. */
  async function recordExport(
    request: FastifyRequest,
    detail: string,
    format: ExportFormat,
  ) {
    await audit.record({
      actor: request.staff?.email ?? '',
      action: 'exported',
      subject: null,
      address: request.ip,
      detail: detailOfExport(detail, format),
    });
  }

  const sources = { database, repository, descriptions, callTitle };

  app.route({
    ...routeOf(exportView),
    handler: async (request, reply) => {
      const { format } = request.params;
      await recordExport(
        request,
        describeView(request.query, callTitle),
        format,
      );
      return sendExport(
        reply,
        format,
        await exportTable(sources, selectionOf(request.query)),
      );
    },
  });

  app.route({
    ...routeOf(exportSelected),
    handler: async (request, reply) => {
      const { ids, format = 'csv' } = request.body;
      await recordExport(
        request,
        describeChoice(
          { selected: ids.length },
          await callsOf(database.db, ids),
          callTitle,
        ),
        format,
      );
      return sendExport(reply, format, await exportTable(sources, { ids }));
    },
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
        language: application.payload.language ?? null,
        answers: await descriptions.describe(application),
        ...review,
        ...(await relativesOf(database.db, application.id)),
      };
    },
  });

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

  // Several at once: each moved and recorded on its application as if moved alone (ids no longer
  // there are skipped); the audit log gets one entry, with the count and how they were chosen.
  app.route({
    ...routeOf(moveStages),
    handler: async (request, reply) => {
      const ids = await idsOf(request.body);
      if (!Array.isArray(ids))
        return reply.code(409).send(selectionChanged(ids));
      const actor = request.staff?.email ?? '';
      const { stage, view } = request.body;
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
            { view, selected: ids.length },
            moves.map((move) => move.callSlug),
            callTitle,
          )}`,
        });
      return { moved: moves.length, withdrawn };
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
      const ids = await idsOf(request.body);
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
      const ids = await idsOf(request.body);
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

  app.route({
    ...routeOf(changeTags),
    handler: async (request, reply) => {
      const ids = await idsOf(request.body);
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

  // Erasure: the application, its notes, votes and stage moves; the audit keeps only that it
  // happened, by whom, to which id.
  app.route({
    ...routeOf(eraseApplication),
    preHandler: requireRole('admin'),
    handler: async (request, reply) => {
      const calls = await callsOf(database.db, [request.params.id]);
      const erasure = await repository.erase(request.params.id);
      if (erasure === 'not_found') return reply.code(404).send(notFound);
      await audit.record({
        actor: request.staff?.email ?? '',
        action: 'erased',
        subject: request.params.id,
        address: request.ip,
        detail: describeCalls(calls, callTitle),
      });
      return answerErasure(reply, erasure);
    },
  });

  // Erasure of a selection: one audit entry, with the count and how they were chosen.
  app.route({
    ...routeOf(eraseApplications),
    preHandler: requireRole('admin'),
    handler: async (request, reply) => {
      const ids = await idsOf(request.body);
      if (!Array.isArray(ids))
        return reply.code(409).send(selectionChanged(ids));
      const calls = await callsOf(database.db, ids);
      const { erased, scrubbed } = await repository.eraseMany(ids);
      await audit.record({
        actor: request.staff?.email ?? '',
        action: 'applications_erased',
        subject: null,
        address: request.ip,
        count: erased,
        detail: describeChoice(
          { view: request.body.view, selected: ids.length },
          calls,
          callTitle,
        ),
      });
      return { erased, isScrubbing: !scrubbed };
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
