import { platformKeys, platformNames } from '#engine/platforms.ts';
import { countries } from '#reference-data/countries.ts';

/** The address-bar parameters of the inbox's query, besides the stage and the search. */
export const filterParams = [
  'sort',
  'platform',
  'minReach',
  'country',
] as const;

/** Sort and filters as native controls, each writing its value to the address bar. */
export function InboxFilters({
  params,
  onChange,
}: {
  params: URLSearchParams;
  onChange: (changes: Record<string, string | null>) => void;
}) {
  const value = (name: string) => params.get(name) ?? '';
  return (
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
  );
}
