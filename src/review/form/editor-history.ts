/** Undo reaches this many steps back. */
const historyDepth = 200;
/** Edits to one field with pauses no longer than this between them are one undo step. */
const coalesceMs = 1000;

/** The form as it is, the forms undo and redo go back and forth to, and the edit still open. */
export type EditorHistory<T> = {
  readonly past: readonly T[];
  readonly present: T;
  readonly future: readonly T[];
  /** The field of the last edit and when it was made: another edit of it soon after joins its step. */
  readonly open: { readonly field: string; readonly at: number } | null;
};

/** What an edit says of itself. */
export type EditOptions = {
  /**
   * The field it changes (a JSON path, or any name the caller keeps for one field). Without it, an
   * edit that changes one text and nothing else is taken to change the field at that text's path.
   */
  field?: string;
};

export const startHistory = <T>(present: T): EditorHistory<T> => ({
  past: [],
  present,
  future: [],
  open: null,
});

/**
 * The JSON path of the one text that differs between two values, when nothing else does: typing in
 * a field. Undefined when they are the same, null for any other change. Values an edit left alone
 * keep their identity, so only the changed branch is walked.
 */
export function changedText(
  before: unknown,
  after: unknown,
  path = '',
): string | null | undefined {
  if (before === after) return undefined;
  if (typeof before === 'string' && typeof after === 'string') return path;
  if (
    before === null ||
    after === null ||
    typeof before !== 'object' ||
    typeof after !== 'object' ||
    Array.isArray(before) !== Array.isArray(after)
  )
    return null;
  const beforeRecord = before as Record<string, unknown>;
  const afterRecord = after as Record<string, unknown>;
  const keys = Object.keys(afterRecord);
  if (
    keys.length !== Object.keys(beforeRecord).length ||
    !keys.every((key) => Object.hasOwn(beforeRecord, key))
  )
    return null;
  let found: string | undefined;
  for (const key of keys) {
    const inner = changedText(
      beforeRecord[key],
      afterRecord[key],
      path ? `${path}.${key}` : key,
    );
    if (inner === undefined) continue;
    if (inner === null || found !== undefined) return null;
    found = inner;
  }
  return found;
}

/**
 * The history after an edit that made `next` at time `at` (milliseconds). An edit of the same field
 * as the one before, no more than a second after it, joins that edit's undo step; any other starts
 * a new one and forgets what redo had. An edit that changed nothing changes nothing here either.
 */
export function recordEdit<T>(
  history: EditorHistory<T>,
  next: T,
  at: number,
  options: EditOptions = {},
): EditorHistory<T> {
  const changed = changedText(history.present, next);
  if (changed === undefined) return history;
  const field = options.field ?? changed ?? undefined;
  const open = field === undefined ? null : { field, at };
  if (
    open &&
    history.open?.field === open.field &&
    at - history.open.at <= coalesceMs
  )
    return { ...history, present: next, open };
  return {
    past: [...history.past, history.present].slice(-historyDepth),
    present: next,
    future: [],
    open,
  };
}

export function undo<T>(history: EditorHistory<T>): EditorHistory<T> {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
    open: null,
  };
}

export function redo<T>(history: EditorHistory<T>): EditorHistory<T> {
  const [next, ...rest] = history.future;
  if (next === undefined) return history;
  return {
    past: [...history.past, history.present],
    present: next,
    future: rest,
    open: null,
  };
}
