/** The least height of an inbox row (review.css): more rows than this allows never fit. */
const rowMinHeight = 44;

/**
 * How many of a table's rows can show on screen from its top edge (`tableTop`, from the top of the
 * window; negative once scrolled past) to the window's bottom edge: the first rows of a new view,
 * painted before the rest of its page. At least one.
 */
export function rowsInView(tableTop: number, windowHeight: number): number {
  return Math.max(1, Math.ceil((windowHeight - tableTop) / rowMinHeight));
}
