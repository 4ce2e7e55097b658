import { useEffect, useState } from 'react';
import { platformNames } from '#engine/platforms.ts';
import { countries } from '#reference-data/countries.ts';
import { useFacets } from '#review/lib/tag-suggestions.tsx';
import { filterParams } from './inbox-view.ts';

const countryNames = new Map(
  countries.map((country) => [country.isoCode2, country.country]),
);

/** Wide enough for the filters beside the list; narrower, they fold away behind their summary. */
const wideQuery = '(min-width: 1024px)';

/** Sort and filters as native controls, each writing its value to the address bar. */
export function InboxFilters({
  params,
  onChange,
}: {
  params: URLSearchParams;
  onChange: (changes: Record<string, string | null>) => void;
}) {
  const value = (name: string) => params.get(name) ?? '';
  const [isOpen, setIsOpen] = useState(
    () => window.matchMedia(wideQuery).matches,
  );
  useEffect(() => {
    const wide = window.matchMedia(wideQuery);
    // On a wide screen the summary is hidden, so the filters must not stay folded.
    const unfold = () => {
      if (wide.matches) setIsOpen(true);
    };
    wide.addEventListener('change', unfold);
    return () => wide.removeEventListener('change', unfold);
  }, []);
  const facets = useFacets().data;
  const active = filterParams.filter(
    (name) => name !== 'search' && params.get(name),
  ).length;
  return (
    <details
      className="inbox__filters-panel"
      open={isOpen}
      onToggle={(event) => setIsOpen(event.currentTarget.open)}
    >
      <summary className="inbox__filters-summary">
        Sort and filters{active > 0 && ` (${active} on)`}
      </summary>
      <div className="inbox__filters">
        <label className="inbox__filter">
          <span className="field__label">Sort</span>
          <select
            className="input"
            value={value('sort')}
            onChange={(event) =>
              onChange({ sort: event.currentTarget.value || null })
            }
          >
            <option value="">Newest</option>
            <option value="reach">Reach</option>
            <option value="votes">Votes</option>
          </select>
        </label>
        <label className="inbox__filter">
          <span className="field__label">Platform</span>
          <select
            className="input"
            value={value('platform')}
            onChange={(event) =>
              onChange({ platform: event.currentTarget.value || null })
            }
          >
            <option value="">Any</option>
            {facets?.platforms.map(({ platform }) => (
              <option key={platform} value={platform}>
                {platformNames[platform]}
              </option>
            ))}
          </select>
        </label>
        <label className="inbox__filter">
          <span className="field__label">Followers at least</span>
          <input
            className="input"
            inputMode="numeric"
            pattern="[0-9]*"
            defaultValue={value('minReach')}
            onChange={(event) =>
              onChange({
                minReach: event.currentTarget.value.replace(/\D/g, '') || null,
              })
            }
          />
        </label>
        <label className="inbox__filter">
          <span className="field__label">Received from</span>
          <input
            className="input"
            type="date"
            value={value('from')}
            onChange={(event) =>
              onChange({ from: event.currentTarget.value || null })
            }
          />
        </label>
        <label className="inbox__filter">
          <span className="field__label">to</span>
          <input
            className="input"
            type="date"
            value={value('to')}
            onChange={(event) =>
              onChange({ to: event.currentTarget.value || null })
            }
          />
        </label>
        <label className="inbox__filter">
          <span className="field__label">Tag</span>
          <input
            className="input"
            maxLength={40}
            defaultValue={value('tag')}
            onChange={(event) =>
              onChange({ tag: event.currentTarget.value.trim() || null })
            }
          />
        </label>
        <label className="inbox__filter inbox__filter--check">
          <input
            type="checkbox"
            checked={value('hasNote') === 'yes'}
            onChange={(event) =>
              onChange({ hasNote: event.currentTarget.checked ? 'yes' : null })
            }
          />
          <span>Has a note</span>
        </label>
        <label className="inbox__filter">
          <span className="field__label">Country</span>
          <select
            className="input"
            value={value('country')}
            onChange={(event) =>
              onChange({ country: event.currentTarget.value || null })
            }
          >
            <option value="">Any</option>
            {facets?.countries.map(({ code }) => (
              <option key={code} value={code}>
                {countryNames.get(code) ?? code}
              </option>
            ))}
          </select>
        </label>
      </div>
    </details>
  );
}
