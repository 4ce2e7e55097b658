import {
  memo,
  useEffect,
  useEffectEvent,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'wouter';
import { stageLabels, stages } from '#engine/stages.ts';
import { ApplicationPanel } from '#review/application/application-panel.tsx';
import { OutcomeMessage, type Outcome } from '#review/lib/outcome-message.tsx';
import {
  auditKey,
  callsQuery,
  facetsQuery,
  inboxKey,
  inboxListQuery,
} from '#review/lib/queries.ts';
import { isTypingIn } from '#review/lib/shortcut-keys.ts';
import { useDocumentTitle } from '#review/lib/use-document-title.ts';
import { useMediaQuery, wideScreen } from '#review/lib/use-media-query.ts';
import { useMe } from '#review/lib/use-me.ts';
import { useCalls } from '#review/lib/use-calls.ts';
import {
  acceptingItems,
  acceptingView,
  overPlaces,
} from '#review/lib/places-check.ts';
import { BulkBar } from './bulk-bar.tsx';
import { ExportLinks } from './export-links.tsx';
import { InboxFilters } from './inbox-filters.tsx';
import { InboxTable } from './inbox-table.tsx';
import { chosenCallOf, stageTabHref } from './call-choice.ts';
import { CallSwitcher } from './call-switcher.tsx';
import { clearedFilters, hasFilters, inboxQueryOf } from './inbox-view.ts';
import { SearchBox } from './search-box.tsx';
import {
  countOf,
  noSelection,
  selectedIdsOf,
  withTicked,
  type Selection,
} from './selection.ts';
import { ShortcutsDialog } from './shortcuts-dialog.tsx';
import { useInbox } from './use-inbox.ts';
import { useNewArrivals } from './use-new-arrivals.ts';
import {
  createPendingView,
  useHeld,
  type PendingView,
} from './pending-view.ts';

/** The inbox, with the open application beside it; the address bar holds the view and the open one. */
export function WorkspacePage() {
  const [address, setParams] = useSearchParams();
  // A change of view is in the address bar at once, and in the list once its page is read (see
  // pending-view.ts); the back button shows its address's list at once.
  const [pendingView] = useState(() => createPendingView());
  useEffect(() => {
    window.addEventListener('popstate', pendingView.drop);
    return () => window.removeEventListener('popstate', pendingView.drop);
  }, [pendingView]);
  // While a list is held, the address bar's changes do not render the inbox again.
  return (
    <Inbox
      search={useHeld(pendingView) ?? address.toString()}
      pendingView={pendingView}
      setParams={setParams}
    />
  );
}

const Inbox = memo(function Inbox({
  search,
  pendingView,
  setParams,
}: {
  /** The view and the open application the list shows, as an address's query. */
  search: string;
  pendingView: PendingView;
  setParams: ReturnType<typeof useSearchParams>[1];
}) {
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const openId = params.get('open');
  const query = inboxQueryOf(params);
  const queryKey = JSON.stringify(query);
  const { sort: _sort, ...view } = query;
  const stage = view.stage ?? null;
  const inbox = useInbox(query);
  const arrivals = useNewArrivals(
    query,
    inbox.isPlaceholder ? null : inbox.counts,
  );
  const me = useMe();
  const calls = useCalls();
  const client = useQueryClient();
  const searchBox = useRef<HTMLInputElement>(null);
  const shortcutsDialog = useRef<HTMLDialogElement>(null);
  const listedIds = inbox.items.map((item) => item.id);

  // A selection belongs to the view it was made in; another view starts with none.
  const viewKey = JSON.stringify(view);
  const [selectionIn, setSelectionIn] = useState<{
    view: string;
    selection: Selection;
  }>({ view: viewKey, selection: noSelection });
  const selection =
    selectionIn.view === viewKey ? selectionIn.selection : noSelection;
  const setSelection = (next: Selection) =>
    setSelectionIn({ view: viewKey, selection: next });
  const matchingCount = inbox.counts
    ? stage
      ? inbox.counts[stage]
      : stages.reduce((sum, each) => sum + (inbox.counts?.[each] ?? 0), 0)
    : 0;
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  // Another view's first page is asked for with the person's action; the list changes once it is in.
  const update = (changes: Record<string, string | null>) =>
    pendingView.change(changes, {
      // Typing is not a place to come back to.
      replace: 'search' in changes && Object.keys(changes).length === 1,
      isRead: (next) => {
        const nextQuery = inboxQueryOf(next);
        return (
          JSON.stringify(nextQuery) === queryKey ||
          client.getQueryData(inboxListQuery(nextQuery).queryKey) !== undefined
        );
      },
      read: (next) =>
        client.prefetchInfiniteQuery(inboxListQuery(inboxQueryOf(next))),
      write: (next, replace) => setParams(next, { replace }),
    });
  // New applications may bring a country, a platform or a tag the filters do not offer yet.
  const refreshInbox = () => {
    void client.invalidateQueries({ queryKey: inboxKey });
    void client.invalidateQueries({ queryKey: facetsQuery.queryKey });
  };

  // Where the open application stood: after it leaves the list (moved out of this stage tab),
  // `j` opens the one now in its place.
  const openIndex = listedIds.indexOf(openId ?? '');
  const lastOpenIndex = useRef(-1);
  useEffect(() => {
    if (openIndex >= 0) lastOpenIndex.current = openIndex;
  }, [openIndex]);
  const openAt = (index: number) => {
    const id = listedIds[index];
    if (id) update({ open: id });
  };
  const next = () =>
    openAt(openIndex >= 0 ? openIndex + 1 : Math.max(lastOpenIndex.current, 0));
  const previous = () => openAt(Math.max(openIndex - 1, 0));

  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (isTypingIn(event)) {
      if (event.key === 'Escape' && event.target instanceof HTMLElement)
        event.target.blur();
      return;
    }
    if (event.key === 'j') next();
    else if (event.key === 'k') previous();
    else if (event.key === 'Escape') update({ open: null });
    else if (event.key === '?') shortcutsDialog.current?.showModal();
    else if (event.key === '/') {
      event.preventDefault();
      searchBox.current?.focus();
    }
  });
  useEffect(() => {
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const openName = inbox.items.find((item) => item.id === openId)?.name;
  useDocumentTitle(openName, stage ? stageLabels[stage] : null, 'Applications');
  const isWide = useMediaQuery(wideScreen);

  const panel = openId && (
    <ApplicationPanel
      key={openId}
      id={openId}
      me={me}
      // Narrow, the application is a page of its own, with a way back to the list.
      isPage={!isWide}
      backHref={`/?${new URLSearchParams(
        [...params].filter(([name]) => name !== 'open'),
      ).toString()}`}
      onErased={() => update({ open: null })}
      onClose={() => update({ open: null })}
      onNext={openIndex < listedIds.length - 1 ? next : null}
      onPrevious={openIndex > 0 ? previous : null}
      search={view.search}
    />
  );
  if (panel && !isWide) return panel;

  return (
    <div className={`workspace__body${openId ? ' workspace__body--open' : ''}`}>
      <main className="inbox" aria-labelledby="inbox-heading">
        <h1 id="inbox-heading" className="visually-hidden">
          Applications
        </h1>
        <div className="inbox__arrivals" role="status">
          {arrivals > 0 && (
            <button
              type="button"
              className="button button--outlined"
              onClick={refreshInbox}
            >
              {arrivals === 1
                ? '1 new application — show it'
                : `${arrivals} new applications — show them`}
            </button>
          )}
        </div>
        <Shown>
          {(shown) => (
            <>
              <div className="inbox__tabs-row">
                <CallSwitcher chosen={chosenCallOf(shown)} onChange={update} />
                <nav className="stage-tabs" aria-label="Stages">
                  {[null, ...stages].map((tab) => (
                    <a
                      key={tab ?? 'all'}
                      className="stage-tabs__tab"
                      href={stageTabHref(shown, tab)}
                      aria-current={
                        tab === (shown.get('stage') ?? null)
                          ? 'page'
                          : undefined
                      }
                      onClick={(event) => {
                        event.preventDefault();
                        update({ stage: tab, open: null });
                      }}
                    >
                      {tab ? stageLabels[tab] : 'All'}
                      {tab && inbox.counts && (
                        <span className="stage-tabs__count">
                          {inbox.counts[tab]}
                        </span>
                      )}
                    </a>
                  ))}
                </nav>
                <button
                  type="button"
                  className="button button--outlined inbox__shortcuts"
                  aria-label="Keyboard shortcuts"
                  title="Keyboard shortcuts (?)"
                  onClick={() => shortcutsDialog.current?.showModal()}
                >
                  <kbd>?</kbd>
                </button>
                <ExportLinks view={view} />
              </div>
              <div className="inbox__toolbar" role="search">
                <SearchBox
                  ref={searchBox}
                  value={shown.get('search') ?? ''}
                  onSearch={(search) => update({ search: search || null })}
                />
                <InboxFilters
                  params={shown}
                  isBeside={openId !== null}
                  onChange={update}
                />
              </div>
            </>
          )}
        </Shown>
        {countOf(selection) > 0 && (
          <BulkBar
            selection={selection}
            view={view}
            listedCount={inbox.items.length}
            matchingCount={matchingCount}
            placesWarnings={overPlaces(
              calls.data,
              selection.kind === 'ids'
                ? acceptingItems(
                    inbox.items.filter((item) => selection.ids.has(item.id)),
                  )
                : acceptingView(view, selection.count, calls.data ?? []),
            )}
            onSelectMatching={() =>
              setSelection({ kind: 'matching', count: matchingCount })
            }
            onClear={() => setSelection(noSelection)}
            onDone={() => {
              refreshInbox();
              void client.invalidateQueries({ queryKey: auditKey });
              void client.invalidateQueries({
                queryKey: callsQuery.queryKey,
              });
            }}
            onOutcome={setOutcome}
          />
        )}
        <OutcomeMessage outcome={outcome} />
        <InboxTable
          selected={selectedIdsOf(selection, listedIds)}
          onSelect={(ids, isTicked) =>
            setSelection(withTicked(selection, listedIds, ids, isTicked))
          }
          inbox={inbox}
          pendingView={pendingView}
          view={queryKey}
          chosenCall={view.call ?? null}
          openId={openId}
          isFiltered={hasFilters(params)}
          onClearFilters={() => update(clearedFilters(params))}
          onOpen={(id) => update({ open: id })}
        />
      </main>
      {panel}
      <ShortcutsDialog ref={shortcutsDialog} />
    </div>
  );
});

/**
 * The filters, tabs and search as the address bar has them, ahead of a list still being read: of
 * the inbox, only these render again when a change is made.
 */
function Shown({
  children,
}: {
  children: (address: URLSearchParams) => ReactNode;
}) {
  return children(useSearchParams()[0]);
}
