import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { api, type StaffMember } from '#review/lib/api.ts';
import { useReviewPage } from '#review/lib/review-page-context.ts';
import { ApplicationPanel } from '#review/application/application-panel.tsx';
import { InboxTable } from './inbox-table.tsx';
import { useInbox } from './use-inbox.ts';

/** The inbox, with the open application beside it; the address bar holds the search and the open one. */
export function WorkspacePage() {
  const { logo } = useReviewPage();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const openId = params.get('open');
  const inbox = useInbox(search);
  const [me, setMe] = useState<StaffMember | null>(null);
  const searchBox = useRef<HTMLInputElement>(null);

  useEffect(() => {
    void api<StaffMember>('/api/review/session').then(setMe, () => undefined);
  }, []);

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes))
          if (value) next.set(key, value);
          else next.delete(key);
        return next;
      },
      { replace: 'search' in changes },
    );

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
      else if (event.key === '/') {
        event.preventDefault();
        searchBox.current?.focus();
      } else return;
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const signOut = async () => {
    await api('/api/review/session', { method: 'DELETE' });
    window.location.assign('/review/sign-in');
  };

  return (
    <div className="workspace">
      <header className="workspace__bar">
        {logo && (
          <img
            className="workspace__logo"
            src={logo.src}
            alt={logo.alt}
            width={logo.width}
            height={logo.height}
          />
        )}
        <span className="workspace__title">Applications</span>
        <span className="workspace__me">{me?.email}</span>
        <button
          type="button"
          className="button button--outlined workspace__sign-out"
          onClick={() => void signOut()}
        >
          Sign out
        </button>
      </header>
      <div
        className={`workspace__body${openId ? ' workspace__body--open' : ''}`}
      >
        <main className="inbox" aria-labelledby="inbox-heading">
          <h1 id="inbox-heading" className="visually-hidden">
            Applications
          </h1>
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
          </div>
          <InboxTable
            inbox={inbox}
            openId={openId}
            isSearching={search !== ''}
            onOpen={(id) => update({ open: id })}
          />
        </main>
        {openId && (
          <ApplicationPanel
            id={openId}
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
    </div>
  );
}
