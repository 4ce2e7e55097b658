/** A key as the outline reads it. */
export type Key = { key: string; shiftKey: boolean };

/** What a key does on a row of the outline, whose rows are one Tab stop together. */
export type RowKeyAction =
  { kind: 'focus'; row: number } | { kind: 'open' } | { kind: 'menu' } | null;

/**
 * The outline's rows are one Tab stop: the arrows, Home and End move between them, Enter opens
 * the row, and the context-menu key (or Shift+F10) opens its actions. Space is the drag-and-drop's
 * own: it picks the row up.
 */
export function rowKeyAction(
  { key, shiftKey }: Key,
  row: number,
  rows: number,
): RowKeyAction {
  if (key === 'ContextMenu' || (key === 'F10' && shiftKey))
    return { kind: 'menu' };
  if (shiftKey) return null;
  switch (key) {
    case 'ArrowDown':
      return { kind: 'focus', row: Math.min(row + 1, rows - 1) };
    case 'ArrowUp':
      return { kind: 'focus', row: Math.max(row - 1, 0) };
    case 'Home':
      return { kind: 'focus', row: 0 };
    case 'End':
      return { kind: 'focus', row: rows - 1 };
    case 'Enter':
      return { kind: 'open' };
    default:
      return null;
  }
}

/** What a key does in a row's menu: move among its items (round), or close it. */
export type MenuKeyAction =
  | { kind: 'focus'; item: number }
  | { kind: 'close'; isReturningFocus: boolean }
  | null;

export function menuKeyAction(
  { key }: Key,
  item: number,
  items: number,
): MenuKeyAction {
  switch (key) {
    case 'ArrowDown':
      return { kind: 'focus', item: (item + 1) % items };
    case 'ArrowUp':
      return { kind: 'focus', item: (item - 1 + items) % items };
    case 'Home':
      return { kind: 'focus', item: 0 };
    case 'End':
      return { kind: 'focus', item: items - 1 };
    case 'Escape':
      return { kind: 'close', isReturningFocus: true };
    // Tab leaves the menu for the next thing on the page, as from any menu.
    case 'Tab':
      return { kind: 'close', isReturningFocus: false };
    default:
      return null;
  }
}

/** A row of one of the outline's lists, named by its list and its place in it. */
export const rowId = (list: string, index: number) => `${list}-${index}`;

/** The list of steps, and the list of a step's blocks. */
export const stepList = 'step';
export const blockList = (step: number) => `block-${step}`;

export const stepRow = (step: number) => rowId(stepList, step);
export const blockRow = (step: number, block: number) =>
  rowId(blockList(step), block);

/** The outline's rows top to bottom: the steps, with the open step's blocks below it. */
export function outlineRows(
  stepCount: number,
  openStep: number,
  blockCount: number,
): string[] {
  return Array.from({ length: stepCount }, (_, step) => [
    stepRow(step),
    ...(step === openStep
      ? Array.from({ length: blockCount }, (_, block) => blockRow(step, block))
      : []),
  ]).flat();
}
