import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { stageLabels, stages, type Stage } from '#engine/stages.ts';
import { api } from '#review/lib/api.ts';
import { useMe } from '#review/lib/use-me.ts';
import { ApplicationPanel } from '#review/application/application-panel.tsx';
import { filterQueryOf, InboxFilters } from './inbox-filters.tsx';
import { InboxTable } from './inbox-table.tsx';
import { WorkspaceFrame } from './workspace-frame.tsx';
import { useInbox } from './use-inbox.ts';
import { ShortcutsDialog } from './shortcuts-dialog.tsx';
import { BulkBar, type Selection } from './bulk-bar.tsx';
import { OutcomeMessage, type Outcome } from '#review/lib/outcome-message.tsx';
import { useNewArrivals } from './use-new-arrivals.ts';

const noSelection: Selection = { kind: 'ids', ids: new Set() };

/** The inbox, with the open application beside it; the address bar holds the search and the open one. */
export function WorkspacePage() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const openId = params.get('open');
  const stageParam = params.get('stage');
  const stage = stages.find((candidate) => candidate === stageParam) ?? null;
  // Bumped after each decision, so the inbox and the open application read it back.
  const [version, setVersion] = useState(0);
  const filters = filterQueryOf(params);
  const filterQuery = filters.toString();
  if (stage) filters.set('stage', stage);
  const inbox = useInbox({ query: filters.toString(), version });
  const arrivals = useNewArrivals(filterQuery, inbox.counts);
  const me = useMe();
  const searchBox = useRef<HTMLInputElement>(null);
  const shortcutsDialog = useRef<HTMLDialogElement>(null);
  // The view as exports and bulk actions name it: its stage tab and filters, not its order.
  const view = new URLSearchParams(filters);
  view.delete('sort');
  const viewQuery = view.toString();
  // A selection belongs to the view it was made in; another view starts with none.
  const [selectionIn, setSelectionIn] = useState<{
    view: string;
    selection: Selection;
  }>({ view: viewQuery, selection: noSelection });
  const selection =
    selectionIn.view === viewQuery ? selectionIn.selection : noSelection;
  const setSelection = (next: Selection) =>
    setSelectionIn({ view: viewQuery, selection: next });
  const selectedIds =
    selection.kind === 'ids'
      ? selection.ids
      : new Set(inbox.items.map((item) => item.id));
  const select = (ids: string[], isSelected: boolean) => {
    const next = new Set(selectedIds);
    for (const id of ids)
      if (isSelected) next.add(id);
      else next.delete(id);
    setSelection({ kind: 'ids', ids: next });
  };
  const matchingCount = inbox.counts
    ? stage
      ? inbox.counts[stage]
      : stages.reduce((sum, each) => sum + (inbox.counts?.[each] ?? 0), 0)
    : 0;
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes))
          if (value) next.set(key, value);
          else next.delete(key);
        return next;
      },
      {
        replace:
          'search' in changes || 'minReach' in changes || 'tag' in changes,
      },
    );

  const [decided, setDecided] = useState<{
    id: string;
    stage: 'accepted' | 'declined';
  } | null>(null);
  const decide = async (to: Stage) => {
    if (!openId) return;
    await api(`/api/review/applications/${encodeURIComponent(openId)}/stage`, {
      method: 'POST',
      body: { stage: to },
    });
    setDecided(
      to === 'accepted' || to === 'declined' ? { id: openId, stage: to } : null,
    );
    setVersion((current) => current + 1);
  };
  const shortcuts: Record<string, Stage> = {
    s: 'shortlisted',
    a: 'accepted',
    d: 'declined',
  };

  const openIndex = inbox.items.findIndex((item) => item.id === openId);
  const openAt = (index: number) => {
    const item = inbox.items[index];
    if (item) update({ open: item.id });
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (target.closest('input, textarea, select, [contenteditable]')) {
        if (event.key === 'Escape') target.blur();
        return;
      }
      if (event.metaKey || event.ctrlKey || event.altKey) return;
      if (event.key === 'j') openAt(openIndex + 1);
      else if (event.key === 'k') openAt(Math.max(openIndex - 1, 0));
      else if (event.key === 'Escape') update({ open: null });
      else if (shortcuts[event.key] && openId)
        void decide(shortcuts[event.key] ?? 'new');
      else if (event.key === '?') shortcutsDialog.current?.showModal();
      else if (event.key === '/') {
        event.preventDefault();
        searchBox.current?.focus();
      } else return;
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <WorkspaceFrame>
      <div
        className={`workspace__body${openId ? ' workspace__body--open' : ''}`}
      >
        <main className="inbox" aria-labelledby="inbox-heading">
          <h1 id="inbox-heading" className="visually-hidden">
            Applications
          </h1>
          <div className="inbox__arrivals" role="status">
            {arrivals > 0 && (
              <button
                type="button"
                className="button button--outlined"
                onClick={() => setVersion((current) => current + 1)}
              >
                {arrivals === 1
                  ? '1 new application — show it'
                  : `${arrivals} new applications — show them`}
              </button>
            )}
          </div>
          <nav className="stage-tabs" aria-label="Stages">
            {[null, ...stages].map((tab) => (
              <a
                key={tab ?? 'all'}
                className="stage-tabs__tab"
                href={tab ? `/review?stage=${tab}` : '/review'}
                aria-current={tab === stage ? 'page' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  update({ stage: tab, open: null });
                }}
              >
                {tab ? stageLabels[tab] : 'All'}
                {tab && inbox.counts && (
                  <span className="stage-tabs__count">{inbox.counts[tab]}</span>
                )}
              </a>
            ))}
          </nav>
          <div className="inbox__toolbar" role="search">
            <label className="visually-hidden" htmlFor="inbox-search">
              Search by name or e-mail
            </label>
            <input
              ref={searchBox}
              id="inbox-search"
              className="input inbox__search"
              type="search"
              placeholder="Search by name or e-mail  ( / )"
              defaultValue={search}
              onChange={(event) =>
                update({ search: event.currentTarget.value.trim() || null })
              }
            />
            <InboxFilters params={params} onChange={update} />
            <button
              type="button"
              className="button button--outlined inbox__shortcuts"
              onClick={() => shortcutsDialog.current?.showModal()}
            >
              Keyboard shortcuts <kbd>?</kbd>
            </button>
            <div className="inbox__exports">
              {viewQuery && (
                <a
                  className="button button--outlined"
                  href={`/api/review/applications.csv?${viewQuery}`}
                  download
                >
                  Export this view (CSV)
                </a>
              )}
              <a
                className="button button--outlined"
                href="/api/review/applications.csv"
                download
              >
                Export all (CSV)
              </a>
            </div>
          </div>
          {(selection.kind === 'matching' || selection.ids.size > 0) && (
            <BulkBar
              selection={selection}
              view={view}
              listedCount={inbox.items.length}
              matchingCount={matchingCount}
              onSelectMatching={() =>
                setSelection({ kind: 'matching', count: matchingCount })
              }
              onClear={() => setSelection(noSelection)}
              onDone={() => setVersion((current) => current + 1)}
              onOutcome={setOutcome}
            />
          )}
          <OutcomeMessage outcome={outcome} />
          <InboxTable
            selected={selectedIds}
            onSelect={select}
            inbox={inbox}
            openId={openId}
            isSearching={search !== ''}
            onOpen={(id) => update({ open: id })}
          />
        </main>
        {openId && (
          <ApplicationPanel
            id={openId}
            version={version}
            me={me}
            onErased={() => {
              update({ open: null });
              setVersion((current) => current + 1);
            }}
            onDecide={(to) => void decide(to)}
            decided={decided}
            onOfferDone={() => setDecided(null)}
            onChange={() => setVersion((current) => current + 1)}
            onClose={() => update({ open: null })}
            onNext={
              openIndex >= 0 && openIndex < inbox.items.length - 1
                ? () => openAt(openIndex + 1)
                : null
            }
            onPrevious={openIndex > 0 ? () => openAt(openIndex - 1) : null}
          />
        )}
      </div>
      <ShortcutsDialog ref={shortcutsDialog} />
    </WorkspaceFrame>
  );
}
