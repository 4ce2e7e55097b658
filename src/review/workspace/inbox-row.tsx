import { memo } from 'react';
import { platformNames } from '#engine/platforms.ts';
import { countryNameOf } from '#engine/country-names.ts';
import { Flag } from '#web/components/flag.tsx';
import { CallMarks } from '#review/lib/call-marks.tsx';
import { exactTime, receivedAgo } from '#review/lib/format.ts';
import { StagePill } from '#review/lib/stage-pill.tsx';
import { languageLabelOf } from './language-label.ts';
import { rowReachOf } from './inbox-reach.ts';
import type { Inbox } from './use-inbox.ts';

const compact = new Intl.NumberFormat('en', { notation: 'compact' });
const whole = new Intl.NumberFormat('en');

/** What a row does when it is ticked or opened: the list hands every row the same ones at every render. */
export type RowHandlers = {
  select: (id: string, isSelected: boolean) => void;
  open: (id: string) => void;
};

/** One application's row: a memo, so the list's renders pass over the rows that stay as they were. */
export const InboxRow = memo(function InboxRow({
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
