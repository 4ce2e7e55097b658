import { createContext, use, useId, type ReactNode } from 'react';
import type { ConfigIssue } from '#engine/config-schema.ts';
import { Field, type FieldControlProps } from '#web/components/field.tsx';
import type { Problem } from './problem-words.ts';

/** The start-up check's issues of the form being edited, which each field shows at its path. */
export const IssuesContext = createContext<ConfigIssue[]>([]);

/**
 * The same issues in words (`describeProblems`), where a part of the editor has them: its fields
 * say their problem as the problem list does, instead of in the check's own terms.
 */
export const ProblemsContext = createContext<readonly Problem[] | null>(null);

/** What is wrong at exactly this path, in words where they are known, each once. */
export function useIssuesAt(path: string): string[] {
  const problems = use(ProblemsContext);
  const issues = use(IssuesContext);
  const texts = problems
    ? problems
        .filter((problem) => (problem.field ?? problem.path) === path)
        .map((problem) => problem.text)
    : issues
        .filter((issue) => issue.path === path)
        .map((issue) => issue.message);
  return [...new Set(texts)];
}

/** The first thing wrong at this path, for a field to show beneath it. */
function useIssueAt(path: string): string | undefined {
  return useIssuesAt(path)[0];
}

/** A field of the editor's form: the shell's label and error, tied to the JSON path it edits. */
function EditorField({
  label,
  path,
  children,
}: {
  label: string;
  path: string;
  children: (
    props: FieldControlProps & {
      /** The JSON path the field edits, by which a problem in the list finds and focuses it. */
      'data-field': string | undefined;
    },
  ) => ReactNode;
}) {
  const issue = useIssueAt(path);
  return (
    <Field label={label} error={issue} className="form-editor__field">
      {(control) => children({ ...control, 'data-field': path || undefined })}
    </Field>
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
    <EditorField label={label} path={path}>
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
    </EditorField>
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
        data-field={path || undefined}
        aria-invalid={issue !== undefined}
        aria-describedby={issue ? `${id}-issue` : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
      {issue && (
        <p id={`${id}-issue`} className="form-editor__issue">
          {issue}
        </p>
      )}
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
    <EditorField label={label} path={path}>
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
    </EditorField>
  );
}

/** The problems under a path that no field shows, such as a list's own. */
export function IssuesUnder({ path }: { path: string }) {
  const issues = useIssuesAt(path);
  if (issues.length === 0) return null;
  return (
    <ul className="form-editor__issue">
      {issues.map((issue) => (
        <li key={issue}>{issue}</li>
      ))}
    </ul>
  );
}
