import {
  useMemo,
  type KeyboardEvent,
  type PointerEventHandler,
  type ReactNode,
} from 'react';
import {
  closestCenter,
  DndContext,
  PointerSensor,
  useDndContext,
  useSensor,
  useSensors,
  type Active,
  type Announcements,
  type DragEndEvent,
  type Over,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
  type SortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { rowId } from './outline-keys.ts';
import {
  keyboardCodes,
  PromptKeyboardSensor,
} from './prompt-keyboard-sensor.ts';

/** What is dragged: a step in the list of steps, or a block of the chosen step. */
export type DragKind = 'step' | 'block';

/** Where a row sits: its kind, its place in its list, and the name it is announced by. */
export type DragPlace = { kind: DragKind; index: number; label: string };

type RowData = {
  kind: DragKind;
  label: string;
  sortable?: { index: number; items: unknown[] };
};

const rowOf = (entry: Active | Over | null): RowData | undefined =>
  entry?.data.current as RowData | undefined;

const placeOf = (row: RowData) =>
  `position ${(row.sortable?.index ?? 0) + 1} of ${row.sortable?.items.length ?? 0}`;

// What a screen reader hears while a row is moved from the keyboard: names, not internal ids.
const announcements: Announcements = {
  onDragStart: ({ active }) => {
    const row = rowOf(active);
    return (
      row &&
      `Picked up ${row.label}, at ${placeOf(row)}. Move it with the arrow keys; Space drops it, Escape puts it back.`
    );
  },
  onDragOver: ({ active, over }) => {
    const row = rowOf(active);
    const target = rowOf(over);
    if (!row) return undefined;
    if (!target) return `${row.label} is outside the list.`;
    return target.kind === row.kind
      ? `${row.label} moved to ${placeOf(target)}.`
      : `${row.label} is over ${target.label}: drop it there to move it to the end of that step.`;
  },
  onDragEnd: ({ active, over }) => {
    const row = rowOf(active);
    const target = rowOf(over);
    if (!row) return undefined;
    if (!target) return `${row.label} put back.`;
    return target.kind === row.kind
      ? `${row.label} dropped at ${placeOf(target)}.`
      : `${row.label} moved to the end of ${target.label}.`;
  },
  onDragCancel: ({ active }) => {
    const row = rowOf(active);
    return row && `${row.label} put back where it was.`;
  },
};

/** Focuses the row at `id` (a list's place, such as `block-2-0`). */
export function focusRow(id: string) {
  document
    .querySelector<HTMLElement>(`[data-drag-handle="${window.CSS.escape(id)}"]`)
    ?.focus();
}

// Read out when a row gets focus: what its keys do.
const screenReaderInstructions = {
  draggable:
    'Enter opens it. Space picks it up: the arrow keys move it, Space drops it, Escape puts it back. Shift+F10 lists its other actions.',
};

/**
 * The steps and the chosen step's blocks, in one drag-and-drop area: a row is reordered within its
 * list by dragging its handle, and a block dropped on a step moves to the end of that step. From
 * the keyboard, Space on a row picks it up, the arrow keys move it (past the first block, up onto
 * the steps), Space drops it and Escape puts it back; dnd-kit announces each. Enter is left to the
 * row, which it opens.
 */
export function DragArea({
  onDrop,
  children,
}: {
  onDrop: (moved: DragPlace, target: DragPlace) => void;
  children: ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(PromptKeyboardSensor, {
      coordinateGetter: sortableKeyboardCoordinates,
      keyboardCodes,
    }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const row = rowOf(active);
    const target = rowOf(over);
    if (!row || !target || active.id === over?.id) return;
    const place = (data: RowData): DragPlace => ({
      kind: data.kind,
      index: data.sortable?.index ?? 0,
      label: data.label,
    });
    onDrop(place(row), place(target));
  };
  return (
    <DndContext
      // The lists' ids are places, not rows: after a move, dnd-kit would focus whichever row now
      // holds the dragged one's old place. `onDrop`'s caller puts focus where the row went.
      accessibility={{
        announcements,
        screenReaderInstructions,
        restoreFocus: false,
      }}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
    >
      {children}
    </DndContext>
  );
}

// A list moves its rows aside only for one of its own: a block held over the steps leaves them be.
const ownRowsOnly: SortingStrategy = (args) =>
  args.activeIndex < 0 || args.overIndex < 0
    ? null
    : verticalListSortingStrategy(args);

/** What a list's caller shows in a row: its words, its menu, and what hangs below it (a step's blocks). */
export type RowParts = {
  content: ReactNode;
  menu: ReactNode;
  below?: ReactNode;
  isCurrent: boolean;
};

/** How the rows of all lists behave together: one of them is the outline's Tab stop. */
export type RowBehaviour = {
  tabStop: string;
  onOpen: (kind: DragKind, index: number) => void;
  onKeyDown: (id: string, event: KeyboardEvent<HTMLElement>) => void;
  onFocus: (id: string) => void;
};

function SortableRow({
  id,
  kind,
  index,
  label,
  parts,
  behaviour,
}: {
  id: string;
  kind: DragKind;
  index: number;
  label: string;
  parts: RowParts;
  behaviour: RowBehaviour;
}) {
  const held = rowOf(useDndContext().active);
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
  } = useSortable({
    id,
    data: { kind, label },
    // A step is dropped among steps only; a block among blocks or on a step.
    disabled: {
      draggable: false,
      droppable: kind === 'block' && held?.kind === 'step',
    },
  });
  return (
    <li className="form-editor__item">
      {/* The row's line is what moves and what a block is dropped on: a step's blocks hang below it. */}
      <div
        ref={setNodeRef}
        className={`form-editor__row${parts.isCurrent ? ' form-editor__row--current' : ''}`}
        style={{ transform: CSS.Transform.toString(transform), transition }}
      >
        <div
          ref={setActivatorNodeRef}
          {...attributes}
          role="button"
          tabIndex={behaviour.tabStop === id ? 0 : -1}
          aria-current={parts.isCurrent || undefined}
          className="form-editor__row-main"
          data-drag-handle={id}
          onFocus={() => behaviour.onFocus(id)}
          onClick={() => behaviour.onOpen(kind, index)}
          onKeyDown={(event) => {
            // While a row is held, its keys are the drag-and-drop's.
            if (!held) behaviour.onKeyDown(id, event);
            if (!event.defaultPrevented) listeners?.onKeyDown?.(event);
          }}
        >
          <span
            className="form-editor__handle"
            aria-hidden="true"
            onPointerDown={
              listeners?.onPointerDown as PointerEventHandler | undefined
            }
          >
            ⠿
          </span>
          {parts.content}
        </div>
        {parts.menu}
      </div>
      {parts.below}
    </li>
  );
}

/** One list of the drag area: the steps, or the chosen step's blocks. */
export function SortableList<Item>({
  kind,
  list,
  items,
  labelOf,
  render,
  behaviour,
}: {
  kind: DragKind;
  /** A row's id is its place: this list's name and its index. */
  list: string;
  items: readonly Item[];
  labelOf: (item: Item) => string;
  render: (item: Item, index: number) => RowParts;
  behaviour: RowBehaviour;
}) {
  // The same ids for the same places: a new list would re-render every row of the list at each edit.
  const ids = useMemo(
    () =>
      Array.from({ length: items.length }, (_, index) => rowId(list, index)),
    [list, items.length],
  );
  return (
    <SortableContext items={ids} strategy={ownRowsOnly}>
      <ol className={`form-editor__list form-editor__list--${kind}`}>
        {items.map((item, index) => (
          <SortableRow
            key={ids[index]}
            id={ids[index] ?? String(index)}
            kind={kind}
            index={index}
            label={labelOf(item)}
            parts={render(item, index)}
            behaviour={behaviour}
          />
        ))}
      </ol>
    </SortableContext>
  );
}

/** The array with the item at `from` moved to `to`. */
export function moved<Item>(items: Item[], from: number, to: number): Item[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}
