import {
  startTransition,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useFacets } from '#review/lib/use-facets.ts';
import { InboxRow, type RowHandlers } from './inbox-row.tsx';
import type { Inbox } from './use-inbox.ts';
import { useHeld, type PendingView } from './pending-view.ts';
import { rowsInView } from './rows-in-view.ts';

/**
 * One row per application: name and e-mail (and its call, while every call's are listed),
 * country (and language, among applications in several), received, stage with what it misses of its call's rules; the open one marked.
 */
export function InboxTable({
  inbox,
  pendingView,
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
  /** Holds the list of the last view while the next one is read: it waits as it does while its own view is read again. */
  pendingView: PendingView;
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
  const isHeld = useHeld(pendingView) !== null;
  const languages = useMemo(
    () => facets?.languages.map((entry) => entry.language),
    [facets],
  );
  // The rows are handed the same handlers at every render, which call the latest ones given here:
  // a row renders again only when what it shows changes. While another view is read the list
  // renders as waiting without rendering its rows again, then once with the new view's rows.
  const latest = useRef({ onSelect, onOpen });
  useLayoutEffect(() => {
    latest.current = { onSelect, onOpen };
  });
  const [rowHandlers] = useState<RowHandlers>(() => ({
    select: (id, isSelected) => latest.current.onSelect([id], isSelected),
    open: (id) => latest.current.onOpen(id),
  }));
  // Another view's rows come at once as far as the screen shows them, the rest of its page (and the
  // Show more after it) in a render of their own that the browser paints after them: creating and
  // laying out fifty new rows took about 170 ms of the main thread at 4× CPU, fifteen about 80.
  // While the next view is read, the rows on screen stay as they are.
  const table = useRef<HTMLTableElement>(null);
  const [wholeView, setWholeView] = useState(view);
  const isFirstRowsOnly = view !== wholeView && !inbox.isPlaceholder;
  useEffect(() => {
    if (!isFirstRowsOnly) return;
    // After the first rows' frame: begun at once, the rest's first slice of work ran before it.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setWholeView(view)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [isFirstRowsOnly, view]);
  const rows = isFirstRowsOnly
    ? inbox.items.slice(
        0,
        rowsInView(
          // Where the table is: read between frames, its layout is already done.
          table.current?.getBoundingClientRect().top ?? 0,
          window.innerHeight,
        ),
      )
    : inbox.items;
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
      <table
        ref={table}
        className="inbox__table"
        aria-busy={inbox.isFetching || isHeld}
      >
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
