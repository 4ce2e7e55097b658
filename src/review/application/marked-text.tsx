import { Fragment } from 'react';
import { searchMarksIn } from './search-marks.ts';

/** A text with the words a search found in it marked, each a `<mark>` of its own text (never markup). */
export function MarkedText({
  text,
  search,
}: {
  text: string;
  search: string | undefined;
}) {
  const ranges = search ? searchMarksIn(text, search) : [];
  if (ranges.length === 0) return text;
  let at = 0;
  const parts = ranges.map(({ start, end }) => {
    const before = text.slice(at, start);
    at = end;
    return (
      <Fragment key={start}>
        {before}
        <mark className="search-mark">{text.slice(start, end)}</mark>
      </Fragment>
    );
  });
  return (
    <>
      {parts}
      {text.slice(at)}
    </>
  );
}
