import { Fragment, useId, type FormEvent, type ReactNode } from 'react';
import { useDisclosureMenu } from './use-disclosure-menu.ts';

export type Change = (changes: Record<string, string | null>) => void;

type Option = readonly [value: string, text: string];

/**
 * A filter's choices: any, then what occurs among the applications, and what the address names
 * even when no application has it any more.
 */
export function offered(
  present: readonly string[] | undefined,
  chosen: string,
  textOf: (value: string) => string,
): Option[] {
  const values =
    chosen && !present?.includes(chosen)
      ? [chosen, ...(present ?? [])]
      : (present ?? []);
  return [
    ['', 'Any'],
    ...values.map((value) => [value, textOf(value)] as const),
  ];
}

/** A filter as a chip: its name, then a native select of its choices; marked while it narrows the list. */
export function SelectChip({
  name,
  label,
  value,
  options,
  onChange,
}: {
  name: string;
  label: string;
  value: string;
  options: readonly Option[];
  onChange: Change;
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
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A chip that opens a small form: what is typed applies on Apply (or Enter), never letter by letter. */
export function FormChip({
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
  const menu = useDisclosureMenu();
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply(new FormData(event.currentTarget));
    menu.close();
  };
  return (
    <details
      {...menu.details}
      className={isOn ? 'chip chip--on chip--form' : 'chip chip--form'}
    >
      <summary className="chip__summary">{summary}</summary>
      {/* Another value in the address (filters cleared) starts the form afresh. */}
      <form key={summary} className="chip__form" noValidate onSubmit={apply}>
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
                menu.close();
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

/** A period of the viewer's days as a chip, both ends optional, written as `from` and `to`. */
export function PeriodChip({
  label,
  from,
  to,
  onChange,
}: {
  label: string;
  from: string;
  to: string;
  onChange: Change;
}) {
  const id = useId();
  return (
    <FormChip
      summary={
        from || to
          ? `${label} ${from ? shortDay(from) : '…'}–${to ? shortDay(to) : '…'}`
          : label
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
      {(
        [
          ['from', from],
          ['to', to],
        ] as const
      ).map(([end, day]) => (
        <Fragment key={end}>
          <label className="field__label" htmlFor={`${id}-${end}`}>
            {label} {end}
          </label>
          <input
            id={`${id}-${end}`}
            className="input"
            name={end}
            type="date"
            defaultValue={day}
          />
        </Fragment>
      ))}
    </FormChip>
  );
}
