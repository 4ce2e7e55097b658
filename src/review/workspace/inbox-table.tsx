import {
  memo,
  startTransition,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { platformNames } from '#engine/platforms.ts';
import { countryNameOf } from '#engine/country-names.ts';
import { Flag } from '#web/components/flag.tsx';
import { CallMarks } from '#review/lib/call-marks.tsx';
import { exactTime, receivedAgo } from '#review/lib/format.ts';
import { StagePill } from '#review/lib/stage-pill.tsx';
import { useFacets } from '#review/lib/use-facets.ts';
import { languageLabelOf } from './language-label.ts';
import { rowReachOf } from './inbox-reach.ts';
import type { Inbox } from './use-inbox.ts';

const compact = new Intl.NumberFormat('en', { notation: 'compact' });
const whole = new Intl.NumberFormat('en');

/** More rows than a screen shows (each is at least 44 px tall): a new view's rows shown at once. */
const firstRows = 25;

/**
 * One row per application: name and e-mail (and its call, while every call's are listed),
 * country (and language, among applications in several), received, stage with what it misses of its call's rules; the open one marked.
 */
export function InboxTable({
  inbox,
  view,
  chosenCall,
  openId,
  isFiltered,
  onClearFilters,
  onOpen,
  selected,
  onSelect,
}: {
  inbox: Inbox;
  /** The view the rows are of (its query as JSON, the sort included). */
  view: string;
  /** The call whose applications these are; with none chosen, each row names its own. */
  chosenCall: string | null;
  openId: string | null;
  /** A search or a filter narrows the list: an empty one says so, with the way out. */
  isFiltered: boolean;
  onClearFilters: () => void;
  onOpen: (id: string) => void;
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], isSelected: boolean) => void;
}) {
  const facets = useFacets().data;
  const languages = useMemo(
    () => facets?.languages.map((entry) => entry.language),
    [facets],
  );
  // The rows are handed the same handlers at every render, which call the latest ones given here:
  // a row renders again only when what it shows changes. A change of view renders the list at once
  // as waiting, with the rows it had, and again with the new view's rows once they arrive.
  const latest = useRef({ onSelect, onOpen });
  useLayoutEffect(() => {
    latest.current = { onSelect, onOpen };
  });
  const [rowHandlers] = useState<RowHandlers>(() => ({
    select: (id, isSelected) => latest.current.onSelect([id], isSelected),
    open: (id) => latest.current.onOpen(id),
  }));
  // Another view's rows come at once as far as a screen shows them, the rest of its page (and the
  // Show more after it) in a render of their own that the browser paints after them: creating and
  // laying out fifty new rows took about 170 ms of the main thread at 4× CPU, fifteen about 80.
  // While the next view is read, the rows on screen stay as they are.
  const [wholeView, setWholeView] = useState(view);
  const isFirstRowsOnly = view !== wholeView && !inbox.isPlaceholder;
  useEffect(() => {
    if (isFirstRowsOnly) startTransition(() => setWholeView(view));
  }, [isFirstRowsOnly, view]);
  const rows = isFirstRowsOnly ? inbox.items.slice(0, firstRows) : inbox.items;
  const isAllSelected =
    inbox.items.length > 0 &&
    inbox.items.every((item) => selected.has(item.id));
  if (inbox.error)
    return (
      <p className="inbox__message" role="alert">
        {inbox.error}
      </p>
    );
  if (!inbox.isLoading && inbox.items.length === 0)
    return isFiltered ? (
      <div className="inbox__message">
        <p>No application matches these filters.</p>
        <button
          type="button"
          className="button button--outlined"
          onClick={onClearFilters}
        >
          Clear filters
        </button>
      </div>
    ) : (
      <FormLink chosenCall={chosenCall} />
    );
  return (
    <>
      <table className="inbox__table" aria-busy={inbox.isFetching}>
        <thead>
          <tr>
            <th scope="col" className="inbox__select">
              <input
                type="checkbox"
                aria-label="Select every application listed"
                checked={isAllSelected}
                disabled={inbox.items.length === 0}
                onChange={() =>
                  onSelect(
                    inbox.items.map((item) => item.id),
                    !isAllSelected,
                  )
                }
              />
            </th>
            <th scope="col">Name</th>
            <th scope="col" className="inbox__col--country">
              Country
            </th>
            <th scope="col" className="inbox__col--platforms">
              Platforms
            </th>
            <th scope="col" className="inbox__number inbox__col--reach">
              Reach
            </th>
            <th scope="col" className="inbox__received inbox__col--received">
              Received
            </th>
            <th scope="col">Stage</th>
            <th scope="col" className="inbox__votes">
              Votes
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((item) => (
            <InboxRow
              key={item.id}
              item={item}
              isOpen={item.id === openId}
              isSelected={selected.has(item.id)}
              showsCall={!chosenCall}
              languages={languages}
              handlers={rowHandlers}
            />
          ))}
        </tbody>
      </table>
      {inbox.loadMore && !isFirstRowsOnly && (
        <button
          type="button"
          className="button button--outlined inbox__more"
          onClick={inbox.loadMore}
        >
          Show more
        </button>
      )}
    </>
  );
}

type RowHandlers = {
  select: (id: string, isSelected: boolean) => void;
  open: (id: string) => void;
};

/** One application's row: a memo, so the list's renders pass over the rows that stay as they were. */
const InboxRow = memo(function InboxRow({
  item,
  isOpen,
  isSelected,
  showsCall,
  languages,
  handlers,
}: {
  item: Inbox['items'][number];
  isOpen: boolean;
  isSelected: boolean;
  /** No call is chosen: the row names its own. */
  showsCall: boolean;
  /** The languages among the applications. */
  languages: readonly string[] | undefined;
  handlers: RowHandlers;
}) {
  return (
    <tr className={isOpen ? 'inbox__row inbox__row--open' : 'inbox__row'}>
      <td className="inbox__select">
        <input
          type="checkbox"
          aria-label={`Select ${item.name}`}
          checked={isSelected}
          onChange={(event) =>
            handlers.select(item.id, event.currentTarget.checked)
          }
        />
      </td>
      <th scope="row">
        <div className="inbox__who">
          <a
            className="inbox__name"
            href={`/review?open=${encodeURIComponent(item.id)}`}
            aria-current={isOpen ? 'true' : undefined}
            onClick={(event) => {
              if (event.metaKey || event.ctrlKey || event.shiftKey) return;
              event.preventDefault();
              handlers.open(item.id);
            }}
          >
            {item.name}
          </a>
          {item.duplicateOf !== null && (
            <span className="inbox__repeat">Applied again</span>
          )}
          {item.tags.length > 0 && (
            <ul className="inbox__tags" aria-label="Tags">
              {item.tags.map((tag) => (
                <li key={tag} className="inbox__tag">
                  {tag}
                </li>
              ))}
            </ul>
          )}
        </div>
        {/* One line: every call's inbox keeps its rows as short as one call's. */}
        <span className="inbox__email">
          {item.email}
          {showsCall && ` · ${item.call.title}`}
        </span>
      </th>
      <td className="inbox__wide-cell inbox__col--country">
        {item.countryCode && (
          <span className="inbox__country">
            <Flag isoCode2={item.countryCode} />
            {countryNameOf(item.countryCode)}
          </span>
        )}
        <LanguageMark label={languageLabelOf(item.language, languages)} />
      </td>
      <td className="inbox__platforms inbox__wide-cell inbox__col--platforms">
        {item.platforms
          .map(
            (platform) =>
              `${platformNames[platform.platform]} ${compact.format(platform.followers)}`,
          )
          .join(' · ')}
      </td>
      <td className="inbox__number inbox__col--reach">
        <ReachCell item={item} />
      </td>
      <td className="inbox__received inbox__col--received">
        <time dateTime={item.receivedAt} title={exactTime(item.receivedAt)}>
          {receivedAgo(item.receivedAt)}
        </time>
      </td>
      <td>
        <StagePill stage={item.stage} />
        <CallMarks facts={item} />
      </td>
      <td className="inbox__votes">
        {item.netVotes > 0 ? `+${item.netVotes}` : item.netVotes}
        <span className="inbox__unit">
          {Math.abs(item.netVotes) === 1 ? ' vote' : ' votes'}
        </span>
      </td>
    </tr>
  );
});

/** The empty inbox: where applications come from, the form's address to share (the chosen call's), and a copy button. */
function FormLink({ chosenCall }: { chosenCall: string | null }) {
  const formUrl = `${window.location.origin}/${chosenCall ? `apply/${chosenCall}` : ''}`;
  const [copied, setCopied] = useState<'yes' | 'refused' | null>(null);
  return (
    <div className="inbox__message">
      <p>
        No applications yet — share the form link:{' '}
        <a href={formUrl}>{formUrl}</a>
      </p>
      {/* The clipboard API exists only on HTTPS (and localhost). */}
      {window.isSecureContext && (
        <button
          type="button"
          className="button button--outlined"
          // Either way the button says what came of it; a refusal (no permission) leaves the link to select.
          onClick={() =>
            void navigator.clipboard.writeText(formUrl).then(
              () => setCopied('yes'),
              () => setCopied('refused'),
            )
          }
        >
          {copied === 'yes'
            ? 'Copied'
            : copied === 'refused'
              ? 'Not copied: select the link above'
              : 'Copy link'}
        </button>
      )}
    </div>
  );
}

/** A quiet mark of the language ("DE"), read out by its name ("German"). */
function LanguageMark({
  label,
}: {
  label: ReturnType<typeof languageLabelOf>;
}) {
  if (!label) return null;
  return (
    <span className="inbox__language" title={label.name}>
      <span aria-hidden="true">{label.short}</span>
      <span className="visually-hidden">{label.name}</span>
    </span>
  );
}

/**
 * The platforms' own sum behind a check mark (read out as "verified"), what the applicant typed
 * for the same platforms beside it when it differs, and a flag when that is well above it; the
 * typed sum alone while no platform has given a count.
 */
function ReachCell({ item }: { item: Inbox['items'][number] }) {
  const reach = rowReachOf(item);
  if (reach.kind === 'stated')
    return (
      <>
        {whole.format(reach.reach)}
        <span className="inbox__unit"> reach</span>
      </>
    );
  return (
    <>
      <span className="inbox__verified">
        <svg
          className="inbox__verified-mark"
          viewBox="0 0 16 16"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M3 8.5l3 3 7-7" />
        </svg>
        <span className="visually-hidden">verified </span>
        {whole.format(reach.verified)}
        <span className="inbox__unit"> reach</span>
      </span>
      {reach.stated !== null && (
        <span className="inbox__stated">
          stated {whole.format(reach.stated)}
          {reach.isOverstated && (
            <span
              className="inbox__overstated"
              title="More than 25 % above the platforms’ own count"
            >
              Overstated
            </span>
          )}
        </span>
      )}
    </>
  );
}
