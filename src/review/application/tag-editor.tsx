import { useId, useState, type FormEvent } from 'react';
import { messageOf } from '#review/lib/api.ts';
import { TagSuggestions } from '#review/lib/tag-suggestions.tsx';
import type { ReviewActions } from './use-review-actions.ts';

/**
 * The application's tags as chips with a remove button each, and a box to add one that suggests
 * the tags already in use. A refused change puts back what was typed and says why.
 */
export function TagEditor({
  tags,
  change,
}: {
  tags: string[];
  change: ReviewActions['tags'];
}) {
  const [draft, setDraft] = useState('');
  const id = useId();
  const add = (event: FormEvent) => {
    event.preventDefault();
    const tag = draft.trim();
    if (!tag || change.isPending) return;
    setDraft('');
    change.mutate(
      { add: [tag] },
      // Unless something else was typed meanwhile.
      { onError: () => setDraft((current) => current || tag) },
    );
  };
  const failed = change.variables;
  const failedTag = failed?.add?.[0] ?? failed?.remove?.[0];
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
              onClick={() => {
                if (!change.isPending) change.mutate({ remove: [tag] });
              }}
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
          list={`${id}-suggestions`}
          autoComplete="off"
          value={draft}
          aria-invalid={change.isError}
          aria-describedby={change.isError ? `${id}-error` : undefined}
          onChange={(event) => setDraft(event.currentTarget.value)}
        />
        <TagSuggestions id={`${id}-suggestions`} except={tags} />
        <button
          type="submit"
          className="button button--outlined"
          aria-disabled={change.isPending}
        >
          Add tag
        </button>
      </form>
      <p id={`${id}-error`} className="panel__failure" role="alert">
        {change.isError &&
          `“${failedTag}” was not ${failed?.add ? 'added' : 'taken off'}: ${messageOf(change.error)}`}
      </p>
    </div>
  );
}
