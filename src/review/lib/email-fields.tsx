import { Field } from '#web/components/field.tsx';

/** An e-mail's subject and text as staff write it. */
export type EmailText = { subject: string; body: string };

/**
 * The subject and text of an e-mail to applicants, each labelled, with the server's refusal of
 * either said under it (`errors` by field name); `hint` says what the text may hold.
 */
export function EmailFields({
  text,
  onChange,
  errors,
  hint,
}: {
  text: EmailText;
  onChange: (text: EmailText) => void;
  errors: Record<string, string>;
  hint?: string;
}) {
  return (
    <>
      <Field label="Subject" error={errors.subject} errorRole="alert">
        {(control) => (
          <input
            {...control}
            className="input"
            maxLength={300}
            value={text.subject}
            onChange={(event) =>
              onChange({ ...text, subject: event.currentTarget.value })
            }
          />
        )}
      </Field>
      <Field label="Message" hint={hint} error={errors.body} errorRole="alert">
        {(control) => (
          <textarea
            {...control}
            className="input input--multiline"
            rows={10}
            maxLength={20_000}
            value={text.body}
            onChange={(event) =>
              onChange({ ...text, body: event.currentTarget.value })
            }
          />
        )}
      </Field>
    </>
  );
}
