import { useId, useState, type FormEvent } from 'react';
import { messageOf } from '#review/lib/api.ts';
import type { ReviewActions } from './use-review-actions.ts';

/** A box for an internal note; what was typed stays when the server refuses it. */
export function NoteForm({ add }: { add: ReviewActions['note'] }) {
  const [body, setBody] = useState('');
  const [emptyError, setEmptyError] = useState<string | null>(null);
  const id = useId();
  const error = emptyError ?? (add.isError ? messageOf(add.error) : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    if (!body.trim()) {
      setEmptyError('Write something first.');
      return;
    }
    setEmptyError(null);
    add.mutate(body, { onSuccess: () => setBody('') });
  };

  return (
    <form className="note-form" onSubmit={submit} noValidate>
      <label className="field__label" htmlFor={`${id}-note`}>
        Add a note
      </label>
      <textarea
        id={`${id}-note`}
        className="input input--multiline"
        rows={3}
        maxLength={4000}
        value={body}
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setBody(event.currentTarget.value)}
      />
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
      <button
        type="submit"
        className="button button--outlined note-form__submit"
        aria-disabled={add.isPending}
      >
        Add note
      </button>
    </form>
  );
}
