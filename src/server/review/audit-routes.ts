import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import {
  auditActionLabels,
  auditActors,
  exportAudit,
  readAudit,
  type AuditFilters,
} from '#review-api/audit.ts';
import { byteOrderMark, csvRecord } from '../csv-export.ts';
import type { AuditLog } from '../staff/audit-log.ts';
import { requireRole } from '../staff/staff-auth.ts';
import { routeOf, withContract } from './contract.ts';
import { cursorRefusal } from './cursor.ts';

const header = [
  'At (UTC)',
  'Who',
  'What',
  'Action',
  'Detail',
  'Applications',
  'About',
  'Application',
  'From address',
];

async function* csvText(
  audit: AuditLog,
  filters: AuditFilters,
): AsyncGenerator<string> {
  yield byteOrderMark + csvRecord(header);
  for await (const entry of audit.iterate(filters))
    yield csvRecord([
      entry.at,
      entry.actor ?? '',
      auditActionLabels[entry.action],
      entry.action,
      entry.detail ?? '',
      entry.count ?? '',
      entry.subject ?? '',
      entry.application?.name ?? '',
      entry.address ?? '',
    ]);
}

/** What the filters were, for the export's own entry in the log. */
const describeFilters = (filters: AuditFilters) =>
  Object.entries(filters)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key} ${String(value)}`)
    .join(', ') || 'every entry';

/** The audit log for admins: a page at a time with filters, the people in it, and all of it as CSV. */
export async function auditRoutes(
  plainApp: FastifyInstance,
  { audit }: { audit: AuditLog },
) {
  const app = withContract(plainApp);
  app.addHook('preHandler', requireRole('admin'));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.route({
    ...routeOf(readAudit),
    handler: async (request, reply) => {
      const { cursor, limit, ...filters } = request.query;
      const page = await audit.page(filters, { cursor, limit: limit ?? 100 });
      return page ?? reply.code(400).send(cursorRefusal);
    },
  });

  app.route({
    ...routeOf(auditActors),
    handler: async () => ({ actors: await audit.actors() }),
  });

  app.route({
    ...routeOf(exportAudit),
    handler: async (request, reply) => {
      await audit.record({
        actor: request.staff?.email ?? '',
        action: 'exported',
        subject: null,
        address: request.ip,
        detail: `audit log: ${describeFilters(request.query)}`,
      });
      const csv = Readable.from(csvText(audit, request.query), {
        objectMode: false,
      });
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'Content-Disposition',
          `attachment; filename="audit-log-${stamp}.csv"`,
        )
        .send(csv);
    },
  });
}
