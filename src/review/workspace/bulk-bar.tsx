import { useState } from 'react';
import { stageLabels, type Stage } from '#engine/stages.ts';
import { api, ApiError, downloadCsv } from '#review/lib/api.ts';
import type { Outcome } from '#review/lib/outcome-message.tsx';

const whole = new Intl.NumberFormat('en');

/**
 * What the bulk actions apply to: the applications ticked one by one, or every one matching the
 * view (its stage tab and filters), however many pages that is.
 */
export type Selection =
  | { kind: 'ids'; ids: ReadonlySet<string> }
  | { kind: 'matching'; count: number };

/** The API's name for a selection: the ids, or the view with the count the person saw. */
function targetOf(selection: Selection, view: URLSearchParams) {
  return selection.kind === 'ids'
    ? { ids: [...selection.ids] }
    : { view: Object.fromEntries(view), expected: selection.count };
}

const countOf = (selection: Selection) =>
  selection.kind === 'ids' ? selection.ids.size : selection.count;

/** Move, tag or export the selected applications together, and say how it went. */
export function BulkBar({
  selection,
  view,
  listedCount,
  matchingCount,
  onSelectMatching,
  onClear,
  onDone,
  onOutcome,
}: {
  selection: Selection;
  /** The view's stage and filters, as the API reads them. */
  view: URLSearchParams;
  listedCount: number;
  matchingCount: number;
  onSelectMatching: () => void;
  onClear: () => void;
  /** After a change the inbox reads its list again. */
  onDone: () => void;
  /** What came of an action, said where it stays after the selection is gone. */
  onOutcome: (outcome: Outcome | null) => void;
}) {
  const [tag, setTag] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const count = countOf(selection);
  const target = targetOf(selection, view);

  const act = async (work: () => Promise<string>) => {
    setIsBusy(true);
    try {
      onOutcome({ text: await work(), isError: false });
    } catch (error) {
      onOutcome({
        text:
          error instanceof ApiError
            ? error.message
            : 'That did not work. Try again.',
        isError: true,
      });
    } finally {
      setIsBusy(false);
    }
  };
  const applications = (number: number) =>
    number === 1 ? '1 application' : `${whole.format(number)} applications`;

  const move = (to: Stage) =>
    act(async () => {
      const { moved } = await api<{ moved: number }>(
        '/api/review/applications/stage',
        { method: 'POST', body: { ...target, stage: to } },
      );
      onClear();
      onDone();
      return `Moved ${applications(moved)} to ${stageLabels[to]}.`;
    });
  const changeTag = (change: 'add' | 'remove') =>
    act(async () => {
      const { tagged } = await api<{ tagged: number }>(
        '/api/review/applications/tags',
        { method: 'POST', body: { ...target, [change]: [tag] } },
      );
      onDone();
      const name = tag.trim().toLowerCase();
      setTag('');
      return change === 'add'
        ? `Tagged ${applications(tagged)} “${name}”.`
        : `Took “${name}” off ${applications(tagged)}.`;
    });
  const exportSelection = () =>
    act(async () => {
      await (selection.kind === 'ids'
        ? downloadCsv('/api/review/applications/export', {
            ids: [...selection.ids],
          })
        : downloadCsv(`/api/review/applications.csv?${view.toString()}`));
      return `Exported ${applications(count)}.`;
    });

  return (
    <div
      className="inbox__bulk"
      role="group"
      aria-label="Selected applications"
    >
      <p className="inbox__bulk-count">
        {selection.kind === 'matching'
          ? `All ${applications(count)} matching are selected.`
          : `${whole.format(count)} selected.`}
        {selection.kind === 'ids' &&
          count === listedCount &&
          matchingCount > listedCount && (
            <button
              type="button"
              className="button button--link"
              onClick={onSelectMatching}
            >
              Select all {whole.format(matchingCount)} matching
            </button>
          )}
      </p>
      {(['shortlisted', 'accepted', 'declined', 'new'] as const).map((to) => (
        <button
          key={to}
          type="button"
          className="button button--outlined"
          disabled={isBusy}
          onClick={() => void move(to)}
        >
          Move to {stageLabels[to]}
        </button>
      ))}
      <form
        className="inbox__bulk-tag"
        onSubmit={(event) => {
          event.preventDefault();
          if (tag.trim()) void changeTag('add');
        }}
      >
        <label className="visually-hidden" htmlFor="bulk-tag">
          Tag to add or remove
        </label>
        <input
          id="bulk-tag"
          className="input"
          placeholder="Tag"
          maxLength={40}
          value={tag}
          onChange={(event) => setTag(event.currentTarget.value)}
        />
        <button
          type="submit"
          className="button button--outlined"
          disabled={isBusy || !tag.trim()}
        >
          Add tag
        </button>
        <button
          type="button"
          className="button button--outlined"
          disabled={isBusy || !tag.trim()}
          onClick={() => void changeTag('remove')}
        >
          Remove tag
        </button>
      </form>
      <button
        type="button"
        className="button button--outlined"
        disabled={isBusy}
        onClick={() => void exportSelection()}
      >
        Export selected (CSV)
      </button>
      <button
        type="button"
        className="button button--back"
        onClick={() => {
          onOutcome(null);
          onClear();
        }}
      >
        Clear selection
      </button>
    </div>
  );
}
