import {
  exportView,
  type ExportFormat,
  type InboxViewQuery,
} from '#review-api/inbox.ts';
import { hrefOf } from '#review/lib/api.ts';
import { useDisclosureMenu } from '#review/lib/use-disclosure-menu.ts';

/** How each format is offered: Excel by name, since that is what people open a workbook with. */
export const formatNames: Record<ExportFormat, string> = {
  csv: 'CSV',
  xlsx: 'Excel',
};

export const formats = Object.keys(formatNames) as ExportFormat[];

/**
 * Downloads of the view on screen (when it is narrowed) and of every application, each as CSV or
 * Excel, behind one Export button so the stage tabs keep their line and the list its rows.
 */
export function ExportLinks({ view }: { view: InboxViewQuery }) {
  const menu = useDisclosureMenu();
  const groups = [
    ...(Object.keys(view).length > 0
      ? [{ name: 'this view', query: view }]
      : []),
    { name: 'all', query: {} },
  ];
  return (
    <details {...menu.details} className="inbox__exports">
      <summary className="button button--outlined inbox__exports-button">
        Export
      </summary>
      <div className="inbox__exports-menu">
        {groups.map(({ name, query }) => (
          <span key={name} className="inbox__export-group">
            <span aria-hidden="true">Export {name}</span>
            {formats.map((format) => (
              <a
                key={format}
                className="button button--outlined"
                href={hrefOf(exportView, { params: { format }, query })}
                title={
                  format === 'xlsx' ? 'Excel workbook (.xlsx)' : 'CSV file'
                }
                download
                onClick={menu.close}
              >
                {/* Named in full for assistive technology ("Export all (Excel)"), which contains the one word seen beside the group's name. */}
                <span className="visually-hidden">
                  Export {name} ({formatNames[format]})
                </span>
                <span aria-hidden="true">{formatNames[format]}</span>
              </a>
            ))}
          </span>
        ))}
      </div>
    </details>
  );
}
