import type { ReactNode } from 'react';

/** An e-mail's subject and text as staff write it. */
export type EmailText = { subject: string; body: string };

/**
 * The subject and text of an e-mail to applicants, each labelled, with the server's refusal of
 * either said under it (`errors` by field name); `hint` says what the text may hold.
 */
export function EmailFields({
  id,
  text,
  onChange,
  errors,
  hint,
}: {
  id: string;
  text: EmailText;
  onChange: (text: EmailText) => void;
  errors: Record<string, string>;
  hint?: ReactNode;
}) {
  const describedBy = (...ids: Array<string | false>) =>
    ids.filter(Boolean).join(' ') || undefined;
  return (
    <>
      <label className="field__label" htmlFor={`${id}-subject`}>
        Subject
      </label>
      <input
        id={`${id}-subject`}
        className="input"
        maxLength={300}
        value={text.subject}
        aria-invalid={errors.subject ? true : undefined}
        aria-describedby={describedBy(
          Boolean(errors.subject) && `${id}-subject-error`,
        )}
        onChange={(event) =>
          onChange({ ...text, subject: event.currentTarget.value })
        }
      />
      {errors.subject && (
        <p id={`${id}-subject-error`} className="field__error" role="alert">
          {errors.subject}
        </p>
      )}
      <label className="field__label" htmlFor={`${id}-body`}>
        Message
      </label>
      <textarea
        id={`${id}-body`}
        className="input input--multiline"
        rows={10}
        maxLength={20_000}
        value={text.body}
        aria-invalid={errors.body ? true : undefined}
        aria-describedby={describedBy(
          Boolean(hint) && `${id}-hint`,
          Boolean(errors.body) && `${id}-body-error`,
        )}
        onChange={(event) =>
          onChange({ ...text, body: event.currentTarget.value })
        }
      />
      {errors.body && (
        <p id={`${id}-body-error`} className="field__error" role="alert">
          {errors.body}
        </p>
      )}
      {hint && (
        <p id={`${id}-hint`} className="email-fields__hint">
          {hint}
        </p>
      )}
    </>
  );
}
