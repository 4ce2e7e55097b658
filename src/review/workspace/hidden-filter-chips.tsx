import type { Change } from '#review/lib/filter-chips.tsx';
import { hiddenFiltersOf } from './inbox-view.ts';

/**
 * The hidden-field filters the address holds (a partner's `ref`, say), one chip each with a button
 * that removes it. They are set from an application's view, not chosen here: a form names its own
 * hidden fields, and their values are whatever the links carried.
 */
export function HiddenFilterChips({
  params,
  onChange,
}: {
  params: URLSearchParams;
  onChange: Change;
}) {
  return hiddenFiltersOf(params).map(({ key, name, value }) => (
    <span key={key} className="chip chip--on">
      <span className="chip__name">{name}:</span>
      <span className="chip__value">{value}</span>
      <button
        type="button"
        className="chip__remove"
        aria-label={`Remove the filter ${name}: ${value}`}
        onClick={() => onChange({ [key]: null })}
      >
        ×
      </button>
    </span>
  ));
}
