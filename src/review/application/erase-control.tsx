import { useState } from 'react';
import { api, ApiError } from '#review/lib/api.ts';

/** An admin's erasure, asked twice: the application and everything about it go for good. */
export function EraseControl({
  applicationId,
  onErased,
}: {
  applicationId: string;
  onErased: () => void;
}) {
  const [isAsking, setIsAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const erase = async () => {
    try {
      await api(
        `/api/review/applications/${encodeURIComponent(applicationId)}`,
        {
          method: 'DELETE',
        },
      );
      onErased();
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? failure.message
          : 'The application could not be erased. Try again.',
      );
    }
  };

  if (!isAsking)
    return (
      <button
        type="button"
        className="button button--outlined erase"
        onClick={() => setIsAsking(true)}
      >
        Erase…
      </button>
    );
  return (
    <div
      className="erase erase--asking"
      role="group"
      aria-label="Erase this application"
    >
      <p className="erase__question">
        Erase this application, its notes and votes for good? The audit log
        keeps only that it was erased.
      </p>
      <button
        type="button"
        className="button button--danger"
        onClick={() => void erase()}
      >
        Erase for good
      </button>
      <button
        type="button"
        className="button button--outlined"
        onClick={() => setIsAsking(false)}
      >
        Keep it
      </button>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
