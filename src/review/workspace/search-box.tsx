import { useEffect, useEffectEvent, useState, type Ref } from 'react';

/** Typing asks the server once the typist pauses, not at every letter. */
const pauseMs = 250;

/**
 * The inbox's search: what is typed shows at once and reaches the address bar (and the list) after
 * a pause. A search changed elsewhere (filters cleared, the back button) replaces the text.
 */
export function SearchBox({
  ref,
  value,
  onSearch,
}: {
  ref: Ref<HTMLInputElement>;
  value: string;
  onSearch: (search: string) => void;
}) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== text.trim()) setText(value);
  }
  const search = useEffectEvent((typed: string) => {
    if (typed !== value) onSearch(typed);
  });
  useEffect(() => {
    const timer = setTimeout(() => search(text.trim()), pauseMs);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <>
      <label className="visually-hidden" htmlFor="inbox-search">
        Search by name or e-mail
      </label>
      <input
        ref={ref}
        id="inbox-search"
        className="input inbox__search"
        type="search"
        placeholder="Search by name or e-mail"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        // Escape leaves the box for the list's keys (the workspace's shortcuts blur it). Chromium
        // would also empty a search box on Escape without telling React, so the box would show
        // nothing while the list stays searched.
        onKeyDown={(event) => {
          if (event.key === 'Escape') event.preventDefault();
        }}
      />
    </>
  );
}
