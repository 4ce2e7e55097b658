import { useMemo, type ReactNode } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
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

/** Focuses the handle of the row at `id` (a list's place, such as `block-2-0`). */
export function focusHandle(id: string) {
  document
    .querySelector<HTMLElement>(`[data-drag-handle="${window.CSS.escape(id)}"]`)
    ?.focus();
}

/**
 * The steps and the chosen step's blocks, in one drag-and-drop area: a row is reordered within its
 * list by dragging its handle, and a block dropped on a step moves to the end of that step. From
 * the keyboard, Space on a handle picks the row up, the arrow keys move it (past the first block,
 * up onto the steps), Space drops it and Escape puts it back; dnd-kit announces each.
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
    useSensor(KeyboardSensor, {
      coordinateGetter: sortableKeyboardCoordinates,
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
      accessibility={{ announcements, restoreFocus: false }}
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

function SortableRow({
  id,
  kind,
  label,
  children,
}: {
  id: string;
  kind: DragKind;
  label: string;
  children: ReactNode;
}) {
  const held = rowOf(useDndContext().active);
  const { attributes, listeners, setNodeRef, transform, transition } =
    useSortable({
      id,
      data: { kind, label },
      // A step is dropped among steps only; a block among blocks or on a step.
      disabled: {
        draggable: false,
        droppable: kind === 'block' && held?.kind === 'step',
      },
    });
  return (
    <li
      ref={setNodeRef}
      className="form-editor__row"
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <button
        type="button"
        className="form-editor__handle"
        aria-label={`Move ${label}`}
        data-drag-handle={id}
        {...attributes}
        {...listeners}
      >
        ⠿
      </button>
      <div className="form-editor__row-body">{children}</div>
    </li>
  );
}

/** One list of the drag area: the steps, or the chosen step's blocks. */
export function SortableList<Item>({
  kind,
  idPrefix,
  items,
  labelOf,
  render,
}: {
  kind: DragKind;
  /** A row's id is its place: this prefix and its index. */
  idPrefix: string;
  items: readonly Item[];
  labelOf: (item: Item) => string;
  render: (item: Item, index: number) => ReactNode;
}) {
  // The same ids for the same places: a new list would re-render every row of the list at each edit.
  const ids = useMemo(
    () =>
      Array.from(
        { length: items.length },
        (_, index) => `${idPrefix}-${index}`,
      ),
    [idPrefix, items.length],
  );
  return (
    <SortableContext items={ids} strategy={ownRowsOnly}>
      <ol className="form-editor__list">
        {items.map((item, index) => (
          <SortableRow
            key={ids[index]}
            id={ids[index] ?? String(index)}
            kind={kind}
            label={labelOf(item)}
          >
            {render(item, index)}
          </SortableRow>
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
