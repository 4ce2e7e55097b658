import { lazy, Suspense, useState } from 'react';
import { Link } from 'wouter';
import { updateCall, type Call, type CallChanges } from '#review-api/calls.ts';
import { call, messageOf } from '#review/lib/api.ts';
import { callStatusLabels, placesText } from '#review/lib/call-words.ts';
import { exactTime } from '#review/lib/format.ts';
import {
  OutcomeMessage,
  useActionOutcome,
} from '#review/lib/outcome-message.tsx';
import { auditKey, callsQuery } from '#review/lib/queries.ts';
import { useCalls } from '#review/lib/use-calls.ts';
import { useDocumentTitle } from '#review/lib/use-document-title.ts';
import { useMe } from '#review/lib/use-me.ts';
import { CallDialog } from './call-dialog.tsx';

const whole = new Intl.NumberFormat('en');

/** What the dialog is open for: a new call, or one call's settings. */
type Editing = { call: Call | null } | null;

// Loaded when first opened: most visits to the Calls page share nothing.
const PartnerLinksDialog = lazy(() =>
  import('./partner-links-dialog.tsx').then((module) => ({
    default: module.PartnerLinksDialog,
  })),
);

/**
 * The organisation's calls: status, dates, applications and places, each with its inbox and its
 * links for partners and web pages. Admins
 * make calls (their form copied from another's), change their settings, archive them and choose
 * the default; reviewers read.
 */
export function CallsPage() {
  useDocumentTitle('Calls');
  const isAdmin = useMe()?.role === 'admin';
  const calls = useCalls();
  const [editing, setEditing] = useState<Editing>(null);
  const [sharing, setSharing] = useState<Call | null>(null);
  const { outcome, act, isBusy } = useActionOutcome([
    callsQuery.queryKey,
    auditKey,
  ]);
  const change = (of: Call, changes: CallChanges, done: string) =>
    act(
      () => call(updateCall, { params: { slug: of.slug }, body: changes }),
      done,
    );

  return (
    <main className="inbox calls" aria-labelledby="calls-heading">
      <div className="calls__top">
        <h1 id="calls-heading" className="audit__heading">
          Calls
        </h1>
        {isAdmin && (
          <button
            type="button"
            className="button button--primary"
            disabled={!calls.data}
            onClick={() => setEditing({ call: null })}
          >
            New call
          </button>
        )}
      </div>
      <OutcomeMessage outcome={outcome} />
      {calls.isError && (
        <p className="inbox__message" role="alert">
          {messageOf(calls.error)}
        </p>
      )}
      {calls.isPending && <p className="inbox__message" aria-busy="true" />}
      {calls.data && (
        <table className="inbox__table calls__table" aria-busy={isBusy}>
          <caption className="visually-hidden">
            Every call, the default first
          </caption>
          <thead>
            <tr>
              <th scope="col">Status</th>
              <th scope="col">Title</th>
              <th scope="col">Opens</th>
              <th scope="col">Closes</th>
              <th scope="col" className="inbox__number">
                Applications
              </th>
              <th scope="col">Places</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {calls.data.map((each) => (
              <tr key={each.slug}>
                <td>
                  <span className={`call-status call-status--${each.status}`}>
                    {callStatusLabels[each.status]}
                  </span>
                  {each.archived && (
                    <span className="calls__flag">Archived</span>
                  )}
                </td>
                <th scope="row">
                  <span className="calls__title">{each.title}</span>
                  {each.default && <span className="calls__flag">Default</span>}
                  <span className="inbox__email">/apply/{each.slug}</span>
                </th>
                <td>
                  <When iso={each.opensAt} none="Open from the start" />
                </td>
                <td>
                  <When iso={each.closesAt} none="No closing date" />
                </td>
                <td className="inbox__number">
                  {whole.format(each.applications)}
                </td>
                <td>
                  <Places call={each} />
                </td>
                <td>
                  <div className="calls__actions">
                    <Link
                      href={`/?call=${encodeURIComponent(each.slug)}`}
                      className="button button--outlined"
                    >
                      Open inbox
                      <Which title={each.title} />
                    </Link>
                    <RowButton
                      title={each.title}
                      onClick={() => setSharing(each)}
                    >
                      Links
                    </RowButton>
                    {isAdmin && (
                      <>
                        <Link
                          href={`/calls/${encodeURIComponent(each.slug)}/form`}
                          className="button button--outlined"
                        >
                          Edit form
                          <Which title={each.title} />
                        </Link>
                        <RowButton
                          title={each.title}
                          onClick={() => setEditing({ call: each })}
                        >
                          Settings
                        </RowButton>
                        <RowButton
                          title={each.title}
                          isBusy={isBusy}
                          onClick={() =>
                            change(
                              each,
                              { archived: !each.archived },
                              each.archived
                                ? `“${each.title}” is back from the archive.`
                                : `“${each.title}” is archived: closed, and kept readable.`,
                            )
                          }
                        >
                          {each.archived ? 'Unarchive' : 'Archive'}
                        </RowButton>
                        {!each.default && !each.archived && (
                          <RowButton
                            title={each.title}
                            isBusy={isBusy}
                            onClick={() =>
                              change(
                                each,
                                { default: true },
                                `“${each.title}” is the default: the organisation’s main address serves it.`,
                              )
                            }
                          >
                            Make default
                          </RowButton>
                        )}
                      </>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {editing && calls.data && (
        <CallDialog
          editing={editing.call}
          calls={calls.data}
          onDone={(done) => act(() => Promise.resolve(), done)}
          onClose={() => setEditing(null)}
        />
      )}
      {sharing && (
        <Suspense>
          <PartnerLinksDialog of={sharing} onClose={() => setSharing(null)} />
        </Suspense>
      )}
    </main>
  );
}

/** Which call a row's action is for, said to assistive technology after the words on the button. */
function Which({ title }: { title: string }) {
  return <span className="visually-hidden"> ({title})</span>;
}

/** A row's action, named with its call; while another change is under way, it waits. */
function RowButton({
  title,
  isBusy = false,
  onClick,
  children,
}: {
  title: string;
  isBusy?: boolean;
  onClick: () => void;
  children: string;
}) {
  return (
    <button
      type="button"
      className="button button--outlined"
      aria-disabled={isBusy}
      onClick={() => {
        if (!isBusy) onClick();
      }}
    >
      {children}
      <Which title={title} />
    </button>
  );
}

/** A call's opening or closing, in the viewer's time; what its absence means otherwise. */
function When({ iso, none }: { iso: string | null; none: string }) {
  return iso ? (
    <time dateTime={iso}>{exactTime(iso)}</time>
  ) : (
    <span className="calls__none">{none}</span>
  );
}

/** "3 of 5 places" with a thin bar of how full the call is. */
function Places({ call: { places, accepted } }: { call: Call }) {
  return (
    <span className="calls__places">
      {placesText({ places, accepted })}
      {places !== null && (
        <span className="calls__bar" aria-hidden="true">
          <span
            className={
              accepted >= places
                ? 'calls__fill calls__fill--full'
                : 'calls__fill'
            }
            style={{ width: `${Math.min(100, (accepted / places) * 100)}%` }}
          />
        </span>
      )}
    </span>
  );
}
