import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'wouter';
import { messageOf } from '#review/lib/api.ts';
import { offered, PeriodChip, SelectChip } from '#review/lib/filter-chips.tsx';
import { useDocumentTitle } from '#review/lib/use-document-title.ts';
import { withChanges } from '#review/lib/with-changes.ts';
import {
  DailyChart,
  FunnelChart,
  type FunnelStage,
} from './insight-charts.tsx';
import { inboxOfSource, periodOf, stepName } from './insights-query.ts';
import { insightsQuery, stepTimesQuery } from './insights-queries.ts';
import { LanguagesTable } from './languages-table.tsx';
import { CountColumn, TableCard } from './table-card.tsx';

const whole = new Intl.NumberFormat('en');
const percent = new Intl.NumberFormat('en', {
  style: 'percent',
  maximumFractionDigits: 0,
});

const presets = [
  ['7', 'Last 7 days'],
  ['', 'Last 30 days'],
  ['90', 'Last 90 days'],
  ['365', 'Last 12 months'],
] as const;

/** `1 min 5 s`, `42 s`: a median time as people say it. */
function durationText(ms: number | null): string {
  if (ms === null) return '—';
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${seconds % 60} s`;
}

/** Where applicants come from, where they stop and which questions stop them, for a period and source. */
export function InsightsPage() {
  useDocumentTitle('Insights');
  const [params, setParams] = useSearchParams();
  const source = params.get('source') ?? '';
  const period = periodOf(params);
  const query = { ...period, ...(source && { source }) };
  const insights = useQuery({
    ...insightsQuery(query),
    placeholderData: keepPreviousData,
  });
  const times = useQuery({
    ...stepTimesQuery(query),
    placeholderData: keepPreviousData,
  });
  // The sources offered are those of the whole period, whichever is chosen.
  const allSources = useQuery({
    ...insightsQuery(period),
    enabled: source !== '',
  });
  const setFilters = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const next = withChanges(current, changes);
      // A preset and chosen days exclude each other.
      if ('days' in changes) {
        next.delete('from');
        next.delete('to');
      }
      if ('from' in changes || 'to' in changes) next.delete('days');
      return next;
    });
  const data = insights.data;
  const sourceNames = (source ? allSources.data : data)?.sources.map(
    (row) => row.source,
  );
  const stages: FunnelStage[] = data
    ? [
        { name: 'Visits', count: data.visits },
        ...data.steps.map((step) => ({
          name: `Reached ${stepName(step)}`,
          count: step.reached,
        })),
        { name: 'Submitted', count: data.submitted },
        { name: 'Clicked Sign In', count: data.signInClicked },
      ]
    : [];

  return (
    <main className="inbox insights" aria-labelledby="insights-heading">
      <h1 id="insights-heading" className="audit__heading">
        Insights
      </h1>
      <div className="audit__filters" role="search" aria-label="Insights">
        <SelectChip
          name="days"
          label="Period"
          value={
            params.get('from') || params.get('to')
              ? 'chosen'
              : (params.get('days') ?? '')
          }
          options={[
            ...presets,
            ...(params.get('from') || params.get('to')
              ? [['chosen', 'Chosen days'] as const]
              : []),
          ]}
          onChange={(change) =>
            setFilters({
              days: change.days === 'chosen' ? null : (change.days ?? null),
            })
          }
        />
        <PeriodChip
          label="Days"
          from={params.get('from') ?? ''}
          to={params.get('to') ?? ''}
          onChange={setFilters}
        />
        <SelectChip
          name="source"
          label="Source"
          value={source}
          options={offered(sourceNames, source, (name) => name)}
          onChange={setFilters}
        />
        <p className="insights__period">
          {query.from} to {query.to} (UTC)
        </p>
      </div>
      {(insights.isError || times.isError) && (
        <p className="inbox__message" role="alert">
          Insights could not be read: {messageOf(insights.error ?? times.error)}
        </p>
      )}
      {data && (
        <div className="insights__grid" aria-busy={insights.isFetching}>
          <section
            className="insights__card insights__card--wide"
            aria-labelledby="funnel-heading"
          >
            <h2 id="funnel-heading" className="insights__heading">
              Funnel
            </h2>
            <FunnelChart stages={stages} labelledBy="funnel-heading" />
          </section>
          <section
            className="insights__card insights__card--wide"
            aria-labelledby="daily-heading"
          >
            <h2 id="daily-heading" className="insights__heading">
              Visits and applications per day
            </h2>
            <DailyChart days={data.daily} labelledBy="daily-heading" />
          </section>
          <section className="insights__card" aria-labelledby="refused-heading">
            <h2 id="refused-heading" className="insights__heading">
              Questions most often refused
            </h2>
            {data.refused.length === 0 ? (
              <p className="insights__empty">No Continue was refused.</p>
            ) : (
              <table
                className="inbox__table insights__table"
                aria-labelledby="refused-heading"
              >
                <thead>
                  <tr>
                    <th scope="col">Question</th>
                    <th scope="col" className="insights__number">
                      Visits refused
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.refused.map((row) => (
                    <tr key={row.path}>
                      <td>
                        {row.question}
                        {row.question !== row.path && (
                          <span className="insights__path"> {row.path}</span>
                        )}
                      </td>
                      <td
                        className="insights__number"
                        data-label="Visits refused"
                      >
                        {whole.format(row.count)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <section className="insights__card" aria-labelledby="times-heading">
            <h2 id="times-heading" className="insights__heading">
              Median time on each step
            </h2>
            <table
              className="inbox__table insights__table"
              aria-labelledby="times-heading"
            >
              <thead>
                <tr>
                  <th scope="col">Step</th>
                  <th scope="col" className="insights__number">
                    Median time
                  </th>
                  <th scope="col" className="insights__number">
                    Visits that went on
                  </th>
                </tr>
              </thead>
              <tbody>
                {times.data?.steps.map((step) => (
                  <tr key={step.id}>
                    <td>{stepName(step)}</td>
                    <td className="insights__number" data-label="Median time">
                      {durationText(step.medianMs)}
                    </td>
                    <td
                      className="insights__number"
                      data-label="Visits that went on"
                    >
                      {whole.format(step.visits)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <TableCard
            id="sources-heading"
            heading="Sources"
            isEmpty={data.sources.length === 0}
            columns={
              <>
                <th scope="col">Source</th>
                <th scope="col">Medium</th>
                <th scope="col">Campaign</th>
                <CountColumn>Visits</CountColumn>
                <CountColumn>Applications</CountColumn>
                <CountColumn>Conversion</CountColumn>
              </>
            }
          >
            {data.sources.map((row) => (
              <tr key={`${row.source}\n${row.medium}\n${row.campaign ?? ''}`}>
                <th scope="row">{row.source}</th>
                <td data-label="Medium">{row.medium}</td>
                <td data-label="Campaign">{row.campaign ?? '—'}</td>
                <td className="insights__number" data-label="Visits">
                  {whole.format(row.visits)}
                </td>
                <td className="insights__number" data-label="Applications">
                  {row.submitted > 0 ? (
                    <Link
                      href={inboxOfSource(row.source, period.call)}
                      aria-label={`${whole.format(row.submitted)} applications from ${row.source} in the inbox`}
                    >
                      {whole.format(row.submitted)}
                    </Link>
                  ) : (
                    '0'
                  )}
                </td>
                <td className="insights__number" data-label="Conversion">
                  {percent.format(
                    row.visits === 0 ? 0 : row.submitted / row.visits,
                  )}
                </td>
              </tr>
            ))}
          </TableCard>
          <LanguagesTable languages={data.languages} call={period.call} />
        </div>
      )}
    </main>
  );
}
