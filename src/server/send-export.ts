import type { FastifyReply } from 'fastify';
import type { ExportFormat } from '#review-api/inbox.ts';
import { exportCsv } from './csv-export.ts';
import type { ExportTable } from './export-table.ts';
import { exportXlsx } from './xlsx-export.ts';

const formats = {
  csv: { type: 'text/csv; charset=utf-8', write: exportCsv },
  xlsx: {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    write: exportXlsx,
  },
} satisfies Record<ExportFormat, unknown>;

/** Sends an export as a download in the format asked for, named after today's date. */
export function sendExport(
  reply: FastifyReply,
  format: ExportFormat,
  table: ExportTable,
): FastifyReply {
  const stamp = new Date().toISOString().slice(0, 10);
  return reply
    .type(formats[format].type)
    .header(
      'Content-Disposition',
      `attachment; filename="applications-${stamp}.${format}"`,
    )
    .send(formats[format].write(table));
}

/** What the audit log says of an export: which applications, and the format when it is not CSV. */
export const detailOfExport = (applications: string, format: ExportFormat) =>
  format === 'csv' ? applications : `${applications} (xlsx)`;
