import { useId, useState, type FormEvent } from 'react';
import { api } from '#review/lib/api.ts';

/** The application's tags as chips with a remove button each, and a box to add one. */
export function TagEditor({
  applicationId,
  tags,
  onChange,
}: {
  applicationId: string;
  tags: string[];
  onChange: () => void;
}) {
  const [draft, setDraft] = useState('');
  const id = useId();
  const change = async (body: { add?: string[]; remove?: string[] }) => {
    await api('/api/review/applications/tags', {
      method: 'POST',
      body: { ids: [applicationId], ...body },
    });
    onChange();
  };
  const add = (event: FormEvent) => {
    event.preventDefault();
    const tag = draft.trim();
    if (!tag) return;
    setDraft('');
    void change({ add: [tag] });
  };
  return (
    <div className="tags">
      <ul className="tags__list" aria-label="Tags">
        {tags.map((tag) => (
          <li key={tag} className="tags__tag">
            {tag}
            <button
              type="button"
              className="tags__remove"
              aria-label={`Remove the tag ${tag}`}
              onClick={() => void change({ remove: [tag] })}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <form className="tags__add" onSubmit={add}>
        <label className="visually-hidden" htmlFor={`${id}-tag`}>
          Add a tag
        </label>
        <input
          id={`${id}-tag`}
          className="input"
          maxLength={40}
          placeholder="Add a tag"
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
        />
        <button type="submit" className="button button--outlined">
          Add tag
        </button>
      </form>
    </div>
  );
}
