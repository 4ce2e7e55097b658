import { useId } from 'react';
import type { Change } from '#review/lib/filter-chips.tsx';
import { useCalls } from '#review/lib/use-calls.ts';
import { callChange, callChoices } from './call-choice.ts';

/** Which call's applications the inbox shows, or every call's; the choice lives in the address. */
export function CallSwitcher({
  chosen,
  onChange,
}: {
  chosen: string | null;
  onChange: Change;
}) {
  const id = useId();
  const calls = useCalls();
  return (
    <div
      className={chosen ? 'chip chip--on call-switcher' : 'chip call-switcher'}
    >
      <label className="chip__name" htmlFor={id}>
        Call
      </label>
      <select
        id={id}
        className="chip__select call-switcher__select"
        value={chosen ?? ''}
        aria-busy={calls.isPending}
        onChange={(event) => onChange(callChange(event.currentTarget.value))}
      >
        {callChoices(calls.data, chosen).map(([slug, text]) => (
          <option key={slug} value={slug}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
