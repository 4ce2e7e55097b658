import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'wouter';
import {
  auditActionLabels,
  auditActions,
  exportAudit,
  type AuditEntry,
  type AuditFiltersQuery,
} from '#review-api/audit.ts';
import { hrefOf, messageOf } from '#review/lib/api.ts';
import { startOfDay } from '#review/lib/days.ts';
import { exactTime } from '#review/lib/format.ts';
import { useDocumentTitle } from '#review/lib/use-document-title.ts';
import { validPart } from '#review/lib/valid-part.ts';
import { withChanges } from '#review/lib/with-changes.ts';
import { actorName } from '#review/lib/actor-name.ts';
import { offered, PeriodChip, SelectChip } from '#review/lib/filter-chips.tsx';
import {
  currentCursor,
  firstPage,
  newer,
  older,
  rangeOf,
  type AuditPager,
} from './audit-pager.ts';
import {
  auditActorsQuery,
  auditPageQuery,
  auditPageSize,
} from './audit-queries.ts';

const whole = new Intl.NumberFormat('en');

/** The address bar's filters (`from` and `to` are the viewer's days) as the API reads them. */
function filtersOf(params: URLSearchParams): AuditFiltersQuery {
  const from = params.get('from');
  const to = params.get('to');
  const candidate = {
    actor: params.get('actor') ?? '',
    action: params.get('action') ?? '',
    from: (from && startOfDay(from)) ?? '',
    to: (to && startOfDay(to, 1)) ?? '',
  };
  return validPart(
    exportAudit.query,
    Object.fromEntries(Object.entries(candidate).filter(([, value]) => value)),
  ) as AuditFiltersQuery;
}

/** What an entry was about: the application by name (a link), a person, or what is left of it. */
function About({ entry }: { entry: AuditEntry }) {
  if (entry.application)
    return (
      <Link href={`/?open=${encodeURIComponent(entry.application.id)}`}>
        {entry.application.name}
      </Link>
    );
  if (entry.action === 'erased') return <>An erased application</>;
  if (entry.action === 'stage_moved' || entry.action === 'message_sent')
    return <>An application since erased</>;
  if (entry.action === 'message_retried') return <>A message</>;
  return <>{entry.subject ?? '—'}</>;
}

/** The audit log, newest first, a page at a time: who did what, when, from which address. Admins only. */
export function AuditPage() {
  useDocumentTitle('Audit log');
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const filterKey = JSON.stringify(filters);
  // Another filter starts again at the newest entries.
  const [pagerIn, setPagerIn] = useState({
    filters: filterKey,
    pager: firstPage,
  });
  const pager = pagerIn.filters === filterKey ? pagerIn.pager : firstPage;
  const setPager = (next: AuditPager) =>
    setPagerIn({ filters: filterKey, pager: next });
  const cursor = currentCursor(pager);
  const audit = useQuery({
    ...auditPageQuery(filters, cursor),
    placeholderData: keepPreviousData,
  });
  const actors = useQuery(auditActorsQuery);
  const entries = audit.data?.entries;
  // While another page is read, the last one stays on screen, but its cursor leads nowhere new.
  const isTurning = audit.isPlaceholderData;
  const nextCursor = isTurning ? null : (audit.data?.nextCursor ?? null);
  const range = rangeOf(pager, auditPageSize, entries?.length ?? 0);

  const setFilters = (changes: Record<string, string | null>) =>
    setParams((current) => withChanges(current, changes));
  const isFiltered = ['actor', 'action', 'from', 'to'].some((name) =>
    params.get(name),
  );
  const value = (name: string) => params.get(name) ?? '';

  return (
    <main className="inbox" aria-labelledby="audit-heading">
      <h1 id="audit-heading" className="audit__heading">
        Audit log
      </h1>
      <div className="audit__filters" role="search" aria-label="Audit log">
        <SelectChip
          name="actor"
          label="Who"
          value={value('actor')}
          options={offered(actors.data?.actors, value('actor'), actorName)}
          onChange={setFilters}
        />
        <SelectChip
          name="action"
          label="What"
          value={value('action')}
          options={[
            ['', 'Any'],
            ...auditActions.map(
              (action) => [action, auditActionLabels[action]] as const,
            ),
          ]}
          onChange={setFilters}
        />
        <PeriodChip
          label="Period"
          from={value('from')}
          to={value('to')}
          onChange={setFilters}
        />
        {isFiltered && (
          <button
            type="button"
            className="button button--outlined"
            onClick={() => setParams(new URLSearchParams())}
          >
            Clear filters
          </button>
        )}
        <a
          className="button button--outlined audit__export"
          href={hrefOf(exportAudit, { query: filters })}
          download
        >
          Export CSV
        </a>
      </div>
      {audit.isError && (
        <p className="inbox__message" role="alert">
          {messageOf(audit.error)}
        </p>
      )}
      {entries?.length === 0 && (
        <p className="inbox__message">
          {isFiltered ? 'No entry matches these filters.' : 'Nothing yet.'}
        </p>
      )}
      {entries && entries.length > 0 && (
        <>
          <table
            className="inbox__table"
            aria-labelledby="audit-heading"
            aria-busy={audit.isFetching}
          >
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">About</th>
                <th scope="col">From</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>
                    <time dateTime={entry.at}>{exactTime(entry.at)}</time>
                  </td>
                  <td>{entry.actor === null ? '—' : actorName(entry.actor)}</td>
                  <td>
                    {auditActionLabels[entry.action]}
                    {entry.count !== null &&
                      ` (${whole.format(entry.count)} applications)`}
                    {entry.detail && (
                      <span className="audit__detail"> {entry.detail}</span>
                    )}
                  </td>
                  <td>
                    <About entry={entry} />
                  </td>
                  <td>{entry.address ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <nav className="audit__pages" aria-label="Pages of the audit log">
            <button
              type="button"
              className="button button--outlined"
              aria-disabled={pager.cursors.length === 1 || isTurning}
              onClick={() => {
                if (pager.cursors.length > 1 && !isTurning)
                  setPager(newer(pager));
              }}
            >
              Newer
            </button>
            <p className="audit__range" aria-live="polite">
              {isTurning
                ? `Entries from ${whole.format(range.first)}…`
                : `Entries ${whole.format(range.first)}–${whole.format(range.last)}`}
            </p>
            <button
              type="button"
              className="button button--outlined"
              aria-disabled={nextCursor === null}
              onClick={() => {
                if (nextCursor !== null) setPager(older(pager, nextCursor));
              }}
            >
              Older
            </button>
          </nav>
        </>
      )}
    </main>
  );
}
