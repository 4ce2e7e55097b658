import { useId, useState, type FormEvent } from 'react';
import { api, ApiError } from '#review/lib/api.ts';

/** A box for an internal note; what was typed stays when the server refuses it. */
export function NoteForm({
  applicationId,
  onAdded,
}: {
  applicationId: string;
  onAdded: () => void;
}) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const id = useId();

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (isBusy) return;
    if (!body.trim()) {
      setError('Write something first.');
      return;
    }
    setIsBusy(true);
    try {
      await api(
        `/api/review/applications/${encodeURIComponent(applicationId)}/notes`,
        {
          method: 'POST',
          body: { body },
        },
      );
      setBody('');
      setError(null);
      onAdded();
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? failure.message
          : 'The note could not be saved. Try again.',
      );
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <form
      className="note-form"
      onSubmit={(event) => void add(event)}
      noValidate
    >
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
        aria-disabled={isBusy}
      >
        Add note
      </button>
    </form>
  );
}
