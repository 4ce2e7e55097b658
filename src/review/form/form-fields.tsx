import { createContext, use, useId, type ReactNode } from 'react';
import type { ConfigIssue } from '#engine/config-schema.ts';

/** The start-up check's issues of the form being edited, which each field shows at its path. */
export const IssuesContext = createContext<ConfigIssue[]>([]);

/** The check's words about exactly this path, if any. */
function useIssueAt(path: string): string | undefined {
  return use(IssuesContext).find((issue) => issue.path === path)?.message;
}

function Labelled({
  label,
  path,
  children,
}: {
  label: string;
  path: string;
  children: (props: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}) {
  const id = useId();
  const issue = useIssueAt(path);
  return (
    <div className="form-editor__field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        'aria-invalid': issue !== undefined,
        'aria-describedby': issue ? `${id}-issue` : undefined,
      })}
      {issue && (
        <p id={`${id}-issue`} className="form-editor__issue">
          {issue}
        </p>
      )}
    </div>
  );
}

/** A text of the form, with the check's problem at its path shown beneath it. */
export function TextField({
  label,
  path,
  value,
  onChange,
  isMultiline = false,
  placeholder,
}: {
  label: string;
  path: string;
  value: string | undefined;
  onChange: (value: string) => void;
  isMultiline?: boolean;
  placeholder?: string | undefined;
}) {
  return (
    <Labelled label={label} path={path}>
      {(props) =>
        isMultiline ? (
          <textarea
            {...props}
            rows={3}
            value={value ?? ''}
            placeholder={placeholder}
            onChange={(event) => onChange(event.target.value)}
          />
        ) : (
          <input
            {...props}
            value={value ?? ''}
            placeholder={placeholder}
            onChange={(event) => onChange(event.target.value)}
          />
        )
      }
    </Labelled>
  );
}

export function CheckField({
  label,
  path,
  checked,
  onChange,
}: {
  label: string;
  path: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  const issue = useIssueAt(path);
  return (
    <div className="form-editor__check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        aria-invalid={issue !== undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
      {issue && <p className="form-editor__issue">{issue}</p>}
    </div>
  );
}

export function SelectField({
  label,
  path,
  value,
  options,
  onChange,
}: {
  label: string;
  path: string;
  value: string;
  options: ReadonlyArray<readonly [value: string, label: string]>;
  onChange: (value: string) => void;
}) {
  return (
    <Labelled label={label} path={path}>
      {(props) => (
        <select
          {...props}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          {options.map(([optionValue, optionLabel]) => (
            <option key={optionValue} value={optionValue}>
              {optionLabel}
            </option>
          ))}
        </select>
      )}
    </Labelled>
  );
}

/** The problems under a path that no field shows, such as a list's own. */
export function IssuesUnder({ path }: { path: string }) {
  const issues = use(IssuesContext).filter((issue) => issue.path === path);
  if (issues.length === 0) return null;
  return (
    <ul className="form-editor__issue">
      {issues.map((issue) => (
        <li key={issue.message}>{issue.message}</li>
      ))}
    </ul>
  );
}
