import type { ReactNode } from 'react';

/** A card of Insights holding one table, named by its heading; a period without a visit says so. */
export function TableCard({
  id,
  heading,
  isEmpty,
  columns,
  children,
}: {
  id: string;
  heading: string;
  isEmpty: boolean;
  /** The header cells. */
  columns: ReactNode;
  /** The rows. */
  children: ReactNode;
}) {
  return (
    <section
      className="insights__card insights__card--wide"
      aria-labelledby={id}
    >
      <h2 id={id} className="insights__heading">
        {heading}
      </h2>
      {isEmpty ? (
        <p className="insights__empty">No visit in this period.</p>
      ) : (
        <table className="inbox__table insights__table" aria-labelledby={id}>
          <thead>
            <tr>{columns}</tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      )}
    </section>
  );
}

/** The header of a column of counts, aligned as its numbers are. */
export function CountColumn({ children }: { children: ReactNode }) {
  return (
    <th scope="col" className="insights__number">
      {children}
    </th>
  );
}
