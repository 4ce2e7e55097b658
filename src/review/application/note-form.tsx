import { useState, type FormEvent } from 'react';
import { Field } from '#web/components/field.tsx';
import { messageOf } from '#review/lib/api.ts';
import type { ReviewActions } from './use-review-actions.ts';

/** A box for an internal note; what was typed stays when the server refuses it. */
export function NoteForm({ add }: { add: ReviewActions['note'] }) {
  const [body, setBody] = useState('');
  const [emptyError, setEmptyError] = useState<string>();
  const error = emptyError ?? (add.isError ? messageOf(add.error) : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    if (!body.trim()) {
      setEmptyError('Write something first.');
      return;
    }
    setEmptyError(undefined);
    add.mutate(body, { onSuccess: () => setBody('') });
  };

  return (
    <form className="note-form" onSubmit={submit} noValidate>
      <Field label="Add a note" error={error} errorRole="alert">
        {(control) => (
          <textarea
            {...control}
            className="input input--multiline"
            rows={3}
            maxLength={4000}
            value={body}
            onChange={(event) => setBody(event.currentTarget.value)}
          />
        )}
      </Field>
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
