import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  exportSelected,
  exportView,
  type ExportFormat,
} from '#review-api/inbox.ts';
import { exportTable } from '../export-table.ts';
import { detailOfExport, sendExport } from '../send-export.ts';
import { callsOf, describeChoice, describeView } from './audit-details.ts';
import { selectionOf } from './chosen-applications.ts';
import { routeOf, withContract } from './contract.ts';
import type { ReviewSources } from './review-sources.ts';

/** The inbox's exports: the view on screen, or the applications chosen, as CSV or a spreadsheet. */
export async function exportRoutes(
  plainApp: FastifyInstance,
  { database, repository, descriptions, audit, callTitle }: ReviewSources,
) {
  const app = withContract(plainApp);

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
}
