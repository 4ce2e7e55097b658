import { useEffect, useState } from 'react';
import { platformKeys, platformNames } from '#engine/platforms.ts';
import { countries } from '#reference-data/countries.ts';

/** The address-bar parameters of the inbox's query, besides the stage and the search. */
const filterParams = [
  'sort',
  'platform',
  'minReach',
  'country',
  'hasNote',
  'tag',
] as const;

/** A day of the viewer's calendar (`2026-11-24`) as the instant it begins, for the server. */
const startOfDay = (day: string, offsetDays = 0) => {
  const date = new Date(`${day}T00:00`);
  date.setDate(date.getDate() + offsetDays);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
};

/**
 * The inbox's query from the address bar: the search and the filters; the received days become the
 * instants the viewer's days begin and end.
 */
export function filterQueryOf(params: URLSearchParams): URLSearchParams {
  const query = new URLSearchParams();
  const search = params.get('search');
  if (search) query.set('search', search);
  for (const name of filterParams) {
    const value = params.get(name);
    if (value) query.set(name, value);
  }
  const from = params.get('from');
  const to = params.get('to');
  const fromInstant = from && startOfDay(from);
  const toInstant = to && startOfDay(to, 1);
  if (fromInstant) query.set('receivedFrom', fromInstant);
  if (toInstant) query.set('receivedTo', toInstant);
  return query;
}

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
  const active = [...filterParams, 'from', 'to'].filter(
    (name) => name !== 'sort' && params.get(name),
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
            {platformKeys.map((platform) => (
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
            {countries.map((country) => (
              <option key={country.isoCode2} value={country.isoCode2}>
                {country.country}
              </option>
            ))}
          </select>
        </label>
      </div>
    </details>
  );
}
