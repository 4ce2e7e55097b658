import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { platformKeys, type PlatformKey } from '#engine/platforms.ts';
import { stages, type Stage } from '#engine/stages.ts';
import type { ApplicationDescriptions } from '../application-descriptions.ts';
import { sendApplicationsCsv } from '../csv-export.ts';
import type {
  ApplicationsRepository,
  InboxFilters,
  InboxSelection,
  InboxSort,
} from '../db/applications-repository.ts';
import { fullNameOf } from '../db/applicant-columns.ts';
import { answerErasure } from '../erasure-answer.ts';
import type { AuditLog } from '../staff/audit-log.ts';
import { requireRole } from '../staff/staff-auth.ts';
import type { ReviewRepository } from './review-repository.ts';
import { cursorRefusal, decodeCursor, inboxPage } from './cursor.ts';

const stageSchema = { type: 'string', enum: [...stages] } as const;

/** The applications a bulk action is about: those selected in the inbox, at most 500. */
const selectedIds = {
  type: 'array',
  minItems: 1,
  maxItems: 500,
  uniqueItems: true,
  items: { type: 'string', maxLength: 36 },
} as const;

/** The most applications one action takes by "every one matching"; more must be narrowed first. */
const maxMatching = 10_000;

/** A view of the inbox, as the address bar holds it: the stage tab and the filters. */
const viewProperties = {
  stage: stageSchema,
  search: { type: 'string', maxLength: 200 },
  country: { type: 'string', pattern: '^[A-Z]{2}$' },
  platform: { type: 'string', enum: [...platformKeys] },
  minReach: { type: 'string', pattern: '^[0-9]{1,15}$' },
  // Days in the viewer's calendar, sent as the instants they begin: YYYY-MM-DDTHH:MM:SS.sssZ.
  receivedFrom: { type: 'string', format: 'date-time' },
  receivedTo: { type: 'string', format: 'date-time' },
  hasNote: { type: 'string', enum: ['yes'] },
  tag: { type: 'string', minLength: 1, maxLength: 40 },
} as const;

type ViewQuery = {
  stage?: Stage;
  search?: string;
  country?: string;
  platform?: PlatformKey;
  minReach?: string;
  receivedFrom?: string;
  receivedTo?: string;
  hasNote?: 'yes';
  tag?: string;
};

const viewQuery = {
  type: 'object',
  additionalProperties: false,
  properties: viewProperties,
} as const;

const listQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...viewProperties,
    sort: { type: 'string', enum: ['newest', 'reach', 'votes'] },
    cursor: { type: 'string', maxLength: 400 },
    // Query strings are text, and the app never coerces types.
    limit: { type: 'string', pattern: '^(?:[1-9]|[1-9][0-9]|1[0-9]{2}|200)$' },
  },
} as const;

function filtersOf(query: ViewQuery): InboxFilters {
  return {
    search: query.search?.trim() || undefined,
    country: query.country,
    platform: query.platform,
    minReach: query.minReach === undefined ? undefined : Number(query.minReach),
    receivedFrom:
      query.receivedFrom && new Date(query.receivedFrom).toISOString(),
    receivedTo: query.receivedTo && new Date(query.receivedTo).toISOString(),
    hasNote: query.hasNote === 'yes',
    tag: query.tag?.trim().toLowerCase() || undefined,
  };
}

/** What the audit says an export held: the view's filters, with a searched text left out (it may be a name). */
function describeView(query: ViewQuery): string {
  const parts = Object.entries(query).map(([key, value]) =>
    key === 'search' ? 'a search' : `${key} ${String(value)}`,
  );
  return parts.length === 0 ? 'every application' : parts.join(', ');
}

/**
 * The target of a bulk action: chosen ids, or every application in a view as long as as many
 * match as the person saw counted (so that one arriving meanwhile is not acted on unseen).
 */
const bulkTarget = {
  ids: selectedIds,
  view: viewQuery,
  expected: { type: 'integer', minimum: 1, maximum: maxMatching },
} as const;

type BulkTarget = { ids?: string[]; view?: ViewQuery; expected?: number };

const notFound = (reply: FastifyReply) =>
  reply.code(404).send({
    error: 'not_found',
    message: 'No application with that id.',
  });

type ById = { Params: { id: string } };

/** The workspace's API: the inbox, one application with its answers, and the team's decisions. */
export async function reviewRoutes(
  app: FastifyInstance,
  {
    repository,
    reviews,
    descriptions,
    audit,
  }: {
    repository: ApplicationsRepository;
    reviews: ReviewRepository;
    descriptions: ApplicationDescriptions;
    audit: AuditLog;
  },
) {
  app.addHook('preHandler', requireRole('reviewer'));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.get<{
    Querystring: ViewQuery & {
      sort?: InboxSort;
      cursor?: string;
      limit?: string;
    };
  }>(
    '/api/review/applications',
    { schema: { querystring: listQuery } },
    async (request, reply) => {
      const limit = Number(request.query.limit ?? 50);
      const after = decodeCursor(request.query.cursor);
      if (after === null) return reply.code(400).send(cursorRefusal);
      const filters = filtersOf(request.query);
      const [page, counts] = await Promise.all([
        inboxPage(repository, {
          limit,
          after,
          filters,
          stage: request.query.stage,
          sort: request.query.sort,
        }),
        repository.countByStage(filters),
      ]);
      return { ...page, counts };
    },
  );

  /** The ids a bulk action is about, or a 4xx already sent. */
  async function idsOf(
    target: BulkTarget,
    reply: FastifyReply,
  ): Promise<string[] | undefined> {
    if (target.ids && !target.view) return target.ids;
    if (!target.view || target.expected === undefined || target.ids) {
      await reply.code(400).send({
        error: 'validation',
        issues: [
          {
            path: 'ids',
            message:
              'Name the applications: either ids, or a view with the number expected to match.',
          },
        ],
      });
      return undefined;
    }
    const ids = await repository.idsOf(
      { filters: filtersOf(target.view), stage: target.view.stage },
      maxMatching + 1,
    );
    if (ids.length !== target.expected) {
      await reply.code(409).send({
        error: 'selection_changed',
        message:
          ids.length > maxMatching
            ? `More than ${maxMatching.toLocaleString('en')} applications match; narrow the filters first.`
            : `${ids.length.toLocaleString('en')} applications match now, not ${target.expected.toLocaleString('en')}: the list changed. Check it and try again.`,
      });
      return undefined;
    }
    return ids;
  }

  /** Every export is recorded: who, from where, and which applications, never what they hold. */
  async function exportSelection(
    request: FastifyRequest,
    reply: FastifyReply,
    detail: string,
    selection: InboxSelection,
  ) {
    await audit.record({
      actor: request.staff?.email ?? '',
      action: 'exported',
      subject: null,
      address: request.ip,
      detail,
    });
    return sendApplicationsCsv(reply, repository, descriptions, selection);
  }

  app.get<{ Querystring: ViewQuery }>(
    '/api/review/applications.csv',
    { schema: { querystring: viewQuery } },
    async (request, reply) =>
      exportSelection(request, reply, describeView(request.query), {
        filters: filtersOf(request.query),
        stage: request.query.stage,
      }),
  );

  // The selected applications, posted because hundreds of ids do not fit in an address.
  app.post<{ Body: { ids: string[] } }>(
    '/api/review/applications/export',
    {
      schema: {
        body: {
          type: 'object',
          required: ['ids'],
          additionalProperties: false,
          properties: { ids: selectedIds },
        },
      },
    },
    async (request, reply) =>
      exportSelection(request, reply, `${request.body.ids.length} selected`, {
        ids: request.body.ids,
      }),
  );

  app.get<ById>('/api/review/applications/:id', async (request, reply) => {
    const [application, review] = await Promise.all([
      repository.get(request.params.id),
      reviews.review(request.params.id),
    ]);
    if (!application || !review) return notFound(reply);
    return {
      id: application.id,
      name: fullNameOf(application.payload),
      receivedAt: application.receivedAt,
      answers: await descriptions.describe(application),
      ...review,
    };
  });

  app.post<ById & { Body: { stage: Stage } }>(
    '/api/review/applications/:id/stage',
    {
      schema: {
        body: {
          type: 'object',
          required: ['stage'],
          additionalProperties: false,
          properties: { stage: stageSchema },
        },
      },
    },
    async (request, reply) => {
      const actor = request.staff?.email ?? '';
      const move = await reviews.moveStage(
        request.params.id,
        request.body.stage,
        actor,
      );
      if (!move) return notFound(reply);
      await audit.record({
        actor,
        action: 'stage_moved',
        subject: request.params.id,
        address: request.ip,
        detail: `${move.from} → ${move.to}`,
      });
      return move;
    },
  );

  // Several at once: each moved and recorded as if moved alone; ids no longer there are skipped.
  app.post<{ Body: BulkTarget & { stage: Stage } }>(
    '/api/review/applications/stage',
    {
      schema: {
        body: {
          type: 'object',
          required: ['stage'],
          additionalProperties: false,
          properties: { ...bulkTarget, stage: stageSchema },
        },
      },
    },
    async (request, reply) => {
      const ids = await idsOf(request.body, reply);
      if (!ids) return reply;
      const actor = request.staff?.email ?? '';
      const moves = await reviews.moveStages(ids, request.body.stage, actor);
      await audit.recordMany(
        moves.map((move) => ({
          actor,
          action: 'stage_moved',
          subject: move.applicationId,
          address: request.ip,
          detail: `${move.from} → ${move.to}`,
        })),
      );
      return { moved: moves.length };
    },
  );

  const tagList = {
    type: 'array',
    maxItems: 20,
    items: { type: 'string', minLength: 1, maxLength: 40 },
  } as const;
  // Tags on one or several applications: added, taken off, or both.
  app.post<{ Body: BulkTarget & { add?: string[]; remove?: string[] } }>(
    '/api/review/applications/tags',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...bulkTarget,
            add: tagList,
            remove: tagList,
          },
        },
      },
    },
    async (request, reply) => {
      const normal = (tags: string[] | undefined) => [
        ...new Set((tags ?? []).map((tag) => tag.trim().toLowerCase())),
      ];
      const [add, remove] = [
        normal(request.body.add),
        normal(request.body.remove),
      ];
      if ([...add, ...remove].some((tag) => tag === ''))
        return reply.code(400).send({
          error: 'validation',
          issues: [
            { path: 'add', message: 'A tag needs a letter or a digit.' },
          ],
        });
      const ids = await idsOf(request.body, reply);
      if (!ids) return reply;
      return { tagged: await reviews.tag(ids, { add, remove }) };
    },
  );

  app.put<ById & { Body: { value: 1 | 0 | -1 } }>(
    '/api/review/applications/:id/vote',
    {
      schema: {
        body: {
          type: 'object',
          required: ['value'],
          additionalProperties: false,
          properties: { value: { type: 'integer', enum: [1, 0, -1] } },
        },
      },
    },
    async (request, reply) => {
      const staff = request.staff;
      if (!staff?.isPerson)
        return reply.code(403).send({
          error: 'forbidden_role',
          message: 'Votes belong to people; the automation token has none.',
        });
      if (
        !(await reviews.vote(request.params.id, staff.id, request.body.value))
      )
        return notFound(reply);
      return reply.code(204).send();
    },
  );

  // Erasure: the application, its notes, votes and stage moves; the audit keeps only that it
  // happened, by whom, to which id.
  app.delete<ById>(
    '/api/review/applications/:id',
    { preHandler: requireRole('admin') },
    async (request, reply) => {
      const erasure = await repository.erase(request.params.id);
      if (erasure === 'not_found') return notFound(reply);
      await audit.record({
        actor: request.staff?.email ?? '',
        action: 'erased',
        subject: request.params.id,
        address: request.ip,
      });
      return answerErasure(reply, erasure);
    },
  );

  app.get<{ Querystring: { limit?: string } }>(
    '/api/review/audit',
    {
      preHandler: requireRole('admin'),
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { limit: listQuery.properties.limit },
        },
      },
    },
    async (request) => ({
      entries: await audit.latest(Number(request.query.limit ?? 100)),
    }),
  );

  app.post<ById & { Body: { body: string } }>(
    '/api/review/applications/:id/notes',
    {
      schema: {
        body: {
          type: 'object',
          required: ['body'],
          additionalProperties: false,
          properties: { body: { type: 'string', maxLength: 4000 } },
        },
      },
    },
    async (request, reply) => {
      const body = request.body.body.trim();
      if (!body)
        return reply.code(400).send({
          error: 'validation',
          issues: [{ path: 'body', message: 'Write something first.' }],
        });
      const note = await reviews.addNote(
        request.params.id,
        request.staff?.email ?? '',
        body,
      );
      return note ? reply.code(201).send(note) : notFound(reply);
    },
  );
}
