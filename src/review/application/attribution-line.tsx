import { Fragment } from 'react';
import { Link } from 'wouter';
import { hiddenFilterHref } from './applicant-facts.ts';

/**
 * What the application's address (or the page that embedded its form) said of it: each hidden
 * field by name, its value a link to the list narrowed to it, and the ad click that brought it.
 * Nothing when it came with neither.
 */
export function AttributionLine({
  hidden,
  clickId,
  listHref,
}: {
  hidden: Record<string, string>;
  clickId: string | null;
  /** The list this application was opened from, which a value narrows. */
  listHref: string;
}) {
  const entries = Object.entries(hidden);
  if (entries.length === 0 && !clickId) return null;
  return (
    <p className="panel__attribution">
      {entries.map(([name, value], index) => (
        <Fragment key={name}>
          {index > 0 && ' · '}
          {`${name}: `}
          <Link
            href={hiddenFilterHref(listHref, name, value)}
            aria-label={`Show the applications with ${name} ${value}`}
          >
            {value}
          </Link>
        </Fragment>
      ))}
      {clickId && `${entries.length > 0 ? ' · ' : ''}Ad click: ${clickId}`}
    </p>
  );
}
