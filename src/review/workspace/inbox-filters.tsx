import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { platformNames } from '#engine/platforms.ts';
import { countries } from '#reference-data/countries.ts';
import { useFacets } from '#review/lib/tag-suggestions.tsx';
import { useMediaQuery, wideScreen } from '#review/lib/use-media-query.ts';
import { clearedFilters, filterParams, hasFilters } from './inbox-view.ts';

const countryNames = new Map(
  countries.map((country) => [country.isoCode2, country.country]),
);
const compact = new Intl.NumberFormat('en', { notation: 'compact' });

type Change = (changes: Record<string, string | null>) => void;

/** A filter as a chip: its name, then a native select of what occurs; marked while it narrows the list. */
function SelectChip({
  name,
  label,
  value,
  onChange,
  children,
}: {
  name: string;
  label: string;
  value: string;
  onChange: Change;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className={value ? 'chip chip--on' : 'chip'}>
      <label className="chip__name" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="chip__select"
        value={value}
        onChange={(event) =>
          onChange({ [name]: event.currentTarget.value || null })
        }
      >
        {children}
      </select>
    </div>
  );
}

/** A chip that opens a small form: what is typed applies on Apply (or Enter), never letter by letter. */
function FormChip({
  summary,
  isOn,
  onApply,
  onClear,
  children,
}: {
  summary: string;
  isOn: boolean;
  onApply: (data: FormData) => void;
  onClear: () => void;
  children: ReactNode;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const chip = useRef<HTMLDetailsElement>(null);
  // Open, it closes as a menu does: a click elsewhere, or Esc (which leaves focus on the chip and
  // goes no further, so an open application stays open).
  useEffect(() => {
    if (!isOpen) return;
    const closeOutside = (event: PointerEvent) => {
      if (!chip.current?.contains(event.target as Node)) setIsOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      setIsOpen(false);
      chip.current?.querySelector('summary')?.focus();
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape, true);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape, true);
    };
  }, [isOpen]);
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply(new FormData(event.currentTarget));
    setIsOpen(false);
  };
  return (
    <details
      ref={chip}
      className={isOn ? 'chip chip--on chip--form' : 'chip chip--form'}
      open={isOpen}
      onToggle={(event) => setIsOpen(event.currentTarget.open)}
    >
      <summary className="chip__summary">{summary}</summary>
      <form className="chip__form" noValidate onSubmit={apply}>
        {children}
        <div className="chip__actions">
          <button type="submit" className="button button--primary">
            Apply
          </button>
          {isOn && (
            <button
              type="button"
              className="button button--outlined"
              onClick={() => {
                onClear();
                setIsOpen(false);
              }}
            >
              Remove
            </button>
          )}
        </div>
      </form>
    </details>
  );
}

/** A day as the viewer reads it: `2026-11-24` → "24 Nov". */
const shortDay = (day: string) =>
  new Date(`${day}T00:00`).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
  });

/**
 * Sort and filters as a compact bar of chips, each writing its value to the address bar. The lists
 * offer what occurs among the applications. Where the list has little room (a narrow screen, an
 * application open beside it), they fold away behind their summary.
 */
export function InboxFilters({
  params,
  isBeside,
  onChange,
}: {
  params: URLSearchParams;
  /** An application is open beside the list. */
  isBeside: boolean;
  onChange: Change;
}) {
  const value = (name: string) => params.get(name) ?? '';
  const isWide = useMediaQuery(wideScreen);
  const isFolded = isBeside || !isWide;
  const [isUnfolded, setIsUnfolded] = useState(false);
  const facets = useFacets().data;
  const active = filterParams.filter(
    (name) => name !== 'search' && params.get(name),
  ).length;
  const [from, to] = [value('from'), value('to')];
  const minReach = value('minReach');
  // What the address names stays on offer, even when no application has it any more.
  const offered = <T,>(present: T[] | undefined, chosen: T | '') =>
    chosen && !present?.includes(chosen)
      ? [chosen, ...(present ?? [])]
      : (present ?? []);

  return (
    <details
      className={`inbox__filters-panel${isFolded ? ' inbox__filters-panel--folded' : ''}`}
      open={!isFolded || isUnfolded}
      onToggle={(event) => {
        if (isFolded) setIsUnfolded(event.currentTarget.open);
      }}
    >
      <summary className="inbox__filters-summary">
        Sort and filters{active > 0 && ` (${active} on)`}
      </summary>
      <div className="inbox__filters">
        <SelectChip
          name="sort"
          label="Sort"
          value={value('sort')}
          onChange={onChange}
        >
          <option value="">Newest</option>
          <option value="reach">Reach</option>
          <option value="votes">Votes</option>
        </SelectChip>
        <SelectChip
          name="platform"
          label="Platform"
          value={value('platform')}
          onChange={onChange}
        >
          <option value="">Any</option>
          {offered(
            facets?.platforms.map((entry) => entry.platform),
            value('platform') as keyof typeof platformNames | '',
          ).map((platform) => (
            <option key={platform} value={platform}>
              {platformNames[platform]}
            </option>
          ))}
        </SelectChip>
        <SelectChip
          name="country"
          label="Country"
          value={value('country')}
          onChange={onChange}
        >
          <option value="">Any</option>
          {offered(
            facets?.countries.map((entry) => entry.code),
            value('country'),
          ).map((code) => (
            <option key={code} value={code}>
              {countryNames.get(code) ?? code}
            </option>
          ))}
        </SelectChip>
        <SelectChip
          name="tag"
          label="Tag"
          value={value('tag')}
          onChange={onChange}
        >
          <option value="">Any</option>
          {offered(
            facets?.tags.map((entry) => entry.tag),
            value('tag'),
          ).map((tag) => (
            <option key={tag} value={tag}>
              {tag}
            </option>
          ))}
        </SelectChip>
        <FormChip
          summary={
            minReach
              ? `Followers ≥ ${compact.format(Number(minReach))}`
              : 'Followers'
          }
          isOn={minReach !== ''}
          onApply={(data) =>
            onChange({
              minReach:
                String(data.get('minReach') ?? '').replace(/\D/g, '') || null,
            })
          }
          onClear={() => onChange({ minReach: null })}
        >
          <label className="field__label" htmlFor="filter-min-reach">
            Followers at least
          </label>
          <input
            id="filter-min-reach"
            className="input"
            name="minReach"
            inputMode="numeric"
            pattern="[0-9]*"
            defaultValue={minReach}
          />
        </FormChip>
        <FormChip
          summary={
            from || to
              ? `Received ${from ? shortDay(from) : '…'}–${to ? shortDay(to) : '…'}`
              : 'Received'
          }
          isOn={from !== '' || to !== ''}
          onApply={(data) =>
            onChange({
              from: String(data.get('from') ?? '') || null,
              to: String(data.get('to') ?? '') || null,
            })
          }
          onClear={() => onChange({ from: null, to: null })}
        >
          <label className="field__label" htmlFor="filter-from">
            Received from
          </label>
          <input
            id="filter-from"
            className="input"
            name="from"
            type="date"
            defaultValue={from}
          />
          <label className="field__label" htmlFor="filter-to">
            Received to
          </label>
          <input
            id="filter-to"
            className="input"
            name="to"
            type="date"
            defaultValue={to}
          />
        </FormChip>
        <label className={value('hasNote') ? 'chip chip--on' : 'chip'}>
          <input
            type="checkbox"
            className="chip__check"
            checked={value('hasNote') === 'yes'}
            onChange={(event) =>
              onChange({ hasNote: event.currentTarget.checked ? 'yes' : null })
            }
          />
          <span>Has a note</span>
        </label>
        {hasFilters(params) && (
          <button
            type="button"
            className="button button--link inbox__clear"
            onClick={() => onChange(clearedFilters())}
          >
            Clear filters
          </button>
        )}
      </div>
    </details>
  );
}
