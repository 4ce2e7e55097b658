import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { stageLabels, type StaffStage } from '#engine/stages.ts';
import { leftWithdrawn } from './withdrawn-words.ts';
import {
  changeTags,
  moveStages,
  type BulkJob,
} from '#review-api/application.ts';
import {
  exportSelected,
  exportView,
  type ExportFormat,
  type InboxViewQuery,
} from '#review-api/inbox.ts';
import type { DecisionStage } from '#review-api/messages.ts';
import { call, downloadFile, hrefOf, messageOf } from '#review/lib/api.ts';
import { bulkJobQuery } from '#review/lib/queries.ts';
import type { Outcome } from '#review/lib/outcome-message.tsx';
import { PlacesQuestion } from '#review/lib/places-question.tsx';
import { TagSuggestions } from '#review/lib/tag-suggestions.tsx';
import type { EmailText } from '#review/lib/email-fields.tsx';
import {
  applicantsCount,
  BulkDecisionDialog,
} from './bulk-decision-dialog.tsx';
import { BulkErase } from './bulk-erase.tsx';
import { formatNames, formats } from './export-links.tsx';
import {
  applicationsCount as applications,
  jobOutcome,
  jobProgress,
  movedWords,
} from './bulk-job-words.ts';
import { countOf, targetOf, type Selection } from './selection.ts';
import { useBulkJob } from './use-bulk-job.ts';

const whole = new Intl.NumberFormat('en');

/** Move, tag or export the selected applications together, and say how it went. */
export function BulkBar({
  selection,
  view,
  listedCount,
  matchingCount,
  placesWarnings,
  onSelectMatching,
  onClear,
  onDone,
  onOutcome,
}: {
  selection: Selection;
  /** The view's stage and filters, as the API reads them. */
  view: InboxViewQuery;
  listedCount: number;
  matchingCount: number;
  /** What to read before accepting the selection: each call it would take past its places. */
  placesWarnings: readonly string[];
  onSelectMatching: () => void;
  onClear: () => void;
  /** After a change: the lists it touched are read again. */
  onDone: () => void;
  /** What came of an action, said where it stays after the selection is gone. */
  onOutcome: (outcome: Outcome | null) => void;
}) {
  const [tag, setTag] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  // A move to Accepted or Declined asks first, offering the e-mail; what was written for each
  // stays until it is sent, whatever is refused or closed meanwhile.
  const [deciding, setDeciding] = useState<DecisionStage | null>(null);
  const [texts, setTexts] = useState<Partial<Record<DecisionStage, EmailText>>>(
    {},
  );
  const [isAskingPlaces, setIsAskingPlaces] = useState(false);
  // Every one in a view is moved by a job in the server: its progress is shown here until it ends.
  const [jobId, setJobId] = useState<string | null>(null);
  const client = useQueryClient();
  const job = useBulkJob(jobId, (ended: BulkJob) => {
    setJobId(null);
    onClear();
    onDone();
    onOutcome(jobOutcome(ended));
  });
  const isWorking = isBusy || jobId !== null;
  const count = countOf(selection);
  const target = targetOf(selection, view);

  /** Runs an action; its words are the outcome, unless it answers none (a job says its own). */
  const act = async (work: () => Promise<string | null>) => {
    setIsBusy(true);
    try {
      const text = await work();
      if (text !== null) onOutcome({ text, isError: false });
    } catch (error) {
      onOutcome({ text: messageOf(error), isError: true });
    } finally {
      setIsBusy(false);
    }
  };

  const move = (to: StaffStage) =>
    act(async () => {
      const answer = await call(moveStages, {
        body: { ...target, stage: to },
      });
      if ('id' in answer) {
        onOutcome(null);
        // Shown at once as the server began it, while its progress is read.
        client.setQueryData(bulkJobQuery(answer.id).queryKey, answer);
        setJobId(answer.id);
        return null;
      }
      onClear();
      onDone();
      return movedWords(answer.moved, to, answer.withdrawn);
    });
  const isDecision = (to: StaffStage): to is DecisionStage =>
    to === 'accepted' || to === 'declined';
  const decided = (
    to: DecisionStage,
    {
      moved,
      emailed,
      withdrawn,
    }: { moved: number; emailed: number; withdrawn: number },
  ) => {
    setDeciding(null);
    setTexts(({ [to]: _sent, ...others }) => others);
    onClear();
    onDone();
    onOutcome({
      text: `Moved ${applications(moved)} to ${stageLabels[to]} and sent the e-mail to ${applicantsCount(emailed)}.${leftWithdrawn(withdrawn)}`,
      isError: false,
    });
  };
  const changeTag = (change: 'add' | 'remove') =>
    act(async () => {
      const { tagged } = await call(changeTags, {
        body: { ...target, [change]: [tag] },
      });
      onDone();
      const name = tag.trim().toLowerCase();
      setTag('');
      return change === 'add'
        ? `Tagged ${applications(tagged)} “${name}”.`
        : `Took “${name}” off ${applications(tagged)}.`;
    });
  const exportSelection = (format: ExportFormat) =>
    act(async () => {
      await (selection.kind === 'ids'
        ? downloadFile(exportSelected.path, { ids: [...selection.ids], format })
        : downloadFile(
            hrefOf(exportView, { params: { format }, query: view }),
          ));
      return `Exported ${applications(count)} (${formatNames[format]}).`;
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
      <p className="inbox__bulk-progress" role="status">
        {jobId !== null &&
          (job.isError
            ? `Cannot read how the move is getting on: ${messageOf(job.error)} It goes on in the server; reload the page to see where it stands.`
            : job.data && jobProgress(job.data))}
      </p>
      {(['shortlisted', 'accepted', 'declined', 'new'] as const).map((to) => (
        <button
          key={to}
          type="button"
          className="button button--outlined"
          disabled={isWorking}
          onClick={() => {
            setIsAskingPlaces(false);
            if (to === 'accepted' && placesWarnings.length > 0)
              setIsAskingPlaces(true);
            else if (isDecision(to)) setDeciding(to);
            else void move(to);
          }}
        >
          Move to {stageLabels[to]}
        </button>
      ))}
      {isAskingPlaces && (
        <PlacesQuestion
          warnings={placesWarnings}
          accept={count === 1 ? 'Accept anyway' : 'Accept them anyway'}
          onAccept={() => {
            setIsAskingPlaces(false);
            setDeciding('accepted');
          }}
          onCancel={() => setIsAskingPlaces(false)}
        />
      )}
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
          list="bulk-tag-suggestions"
          autoComplete="off"
          value={tag}
          onChange={(event) => setTag(event.currentTarget.value)}
        />
        <TagSuggestions id="bulk-tag-suggestions" />
        <button
          type="submit"
          className="button button--outlined"
          disabled={isWorking || !tag.trim()}
        >
          Add tag
        </button>
        <button
          type="button"
          className="button button--outlined"
          disabled={isWorking || !tag.trim()}
          onClick={() => void changeTag('remove')}
        >
          Remove tag
        </button>
      </form>
      {formats.map((format) => (
        <button
          key={format}
          type="button"
          className="button button--outlined"
          disabled={isWorking}
          onClick={() => void exportSelection(format)}
        >
          Export selected ({formatNames[format]})
        </button>
      ))}
      <BulkErase
        target={target}
        count={count}
        onErased={() => {
          onClear();
          onDone();
        }}
        onOutcome={onOutcome}
      />
      <button
        type="button"
        className="button button--back"
        disabled={jobId !== null}
        onClick={() => {
          onOutcome(null);
          onClear();
        }}
      >
        Clear selection
      </button>
      {deciding && (
        <BulkDecisionDialog
          stage={deciding}
          target={target}
          count={count}
          text={texts[deciding]}
          onText={(text) => setTexts({ ...texts, [deciding]: text })}
          onSent={(outcome) => decided(deciding, outcome)}
          onMoveWithout={() => {
            setDeciding(null);
            void move(deciding);
          }}
          onRefused={onDone}
          onClose={() => setDeciding(null)}
        />
      )}
    </div>
  );
}
