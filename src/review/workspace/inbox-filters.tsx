import { useState } from 'react';
import { platformNames, type PlatformKey } from '#engine/platforms.ts';
import { languageNameIn } from '#engine/languages/language-tags.ts';
import { countryNameOf } from '#engine/country-names.ts';
import {
  FormChip,
  offered,
  PeriodChip,
  SelectChip,
  type Change,
} from '#review/lib/filter-chips.tsx';
import { useFacets } from '#review/lib/use-facets.ts';
import { useMediaQuery, wideScreen } from '#review/lib/use-media-query.ts';
import { HiddenFilterChips } from './hidden-filter-chips.tsx';
import {
  clearedFilters,
  filterParams,
  hasFilters,
  hiddenFiltersOf,
} from './inbox-view.ts';

const compact = new Intl.NumberFormat('en', { notation: 'compact' });

const sorts = [
  ['', 'Newest'],
  ['reach', 'Reach'],
  ['verified', 'Verified reach'],
  ['votes', 'Votes'],
] as const;

// A search without a sort lists the best matches first; newest first is then a choice of its own.
const searchSorts = [
  ['', 'Best match'],
  ['newest', 'Newest'],
  ['reach', 'Reach'],
  ['verified', 'Verified reach'],
  ['votes', 'Votes'],
] as const;

// Whether an application meets its call's eligibility rules, which inform and never refuse.
const eligibilityChoices = [
  ['', 'Any'],
  ['yes', 'Meets the rules'],
  ['no', 'Misses a rule'],
] as const;

// The filters that are on (`=yes`) or off.
const yesChips = [
  ['hasNote', 'Has a note'],
  ['verified', 'Verified reach'],
  ['duplicates', 'Second applications'],
] as const;

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
  // The filters whose choices are what occurs among the applications.
  const occurring = [
    [
      'platform',
      'Platform',
      facets?.platforms.map((entry) => entry.platform),
      (platform: string) => platformNames[platform as PlatformKey] ?? platform,
    ],
    [
      'country',
      'Country',
      facets?.countries.map((entry) => entry.code),
      (code: string) => countryNameOf(code),
    ],
    [
      'tag',
      'Tag',
      facets?.tags.map((entry) => entry.tag),
      (tag: string) => tag,
    ],
    [
      'source',
      'Source',
      facets?.sources.map((entry) => entry.source),
      (source: string) => source,
    ],
    [
      'language',
      'Language',
      facets?.languages.map((entry) => entry.language),
      (language: string) => languageNameIn(language, 'en'),
    ],
  ] as const;
  const active =
    filterParams.filter((name) => name !== 'search' && params.get(name))
      .length + hiddenFiltersOf(params).length;
  const minReach = value('minReach');

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
          options={value('search') ? searchSorts : sorts}
          onChange={onChange}
        />
        <SelectChip
          name="eligible"
          label="Eligibility"
          value={value('eligible')}
          options={eligibilityChoices}
          onChange={onChange}
        />
        {occurring.map(([name, label, present, textOf]) => (
          <SelectChip
            key={name}
            name={name}
            label={label}
            value={value(name)}
            options={offered(present, value(name), textOf)}
            onChange={onChange}
          />
        ))}
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
        <PeriodChip
          label="Received"
          from={value('from')}
          to={value('to')}
          onChange={onChange}
        />
        {yesChips.map(([name, label]) => (
          <label key={name} className={value(name) ? 'chip chip--on' : 'chip'}>
            <input
              type="checkbox"
              className="chip__check"
              checked={value(name) === 'yes'}
              onChange={(event) =>
                onChange({ [name]: event.currentTarget.checked ? 'yes' : null })
              }
            />
            <span>{label}</span>
          </label>
        ))}
        <HiddenFilterChips params={params} onChange={onChange} />
        {hasFilters(params) && (
          <button
            type="button"
            className="button button--link inbox__clear"
            onClick={() => onChange(clearedFilters(params))}
          >
            Clear filters
          </button>
        )}
      </div>
    </details>
  );
}
