import type { ReactNode } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';

function SortableRow({
  id,
  handleLabel,
  children,
}: {
  id: string;
  handleLabel: string;
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, transform, transition } =
    useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      className="form-editor__row"
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <button
        type="button"
        className="form-editor__handle"
        aria-label={handleLabel}
        {...attributes}
        {...listeners}
      >
        ⠿
      </button>
      <div className="form-editor__row-body">{children}</div>
    </li>
  );
}

/**
 * A list reordered by dragging a row's handle, or from the keyboard: Space on a handle picks the
 * row up, the arrow keys move it, Space drops it and Escape puts it back (dnd-kit announces each).
 */
export function SortableList<Item>({
  items,
  idOf,
  labelOf,
  onMove,
  render,
}: {
  items: readonly Item[];
  idOf: (item: Item, index: number) => string;
  labelOf: (item: Item) => string;
  onMove: (from: number, to: number) => void;
  render: (item: Item, index: number) => ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, {
      coordinateGetter: sortableKeyboardCoordinates,
    }),
  );
  const ids = items.map(idOf);
  const nameOf = (id: string | number) => {
    const item = items[ids.indexOf(String(id))];
    return item === undefined ? 'the item' : labelOf(item);
  };
  const placeOf = (id: string | number | undefined) =>
    `position ${ids.indexOf(String(id)) + 1} of ${ids.length}`;
  // What a screen reader hears while a row is moved from the keyboard: names, not internal ids.
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${nameOf(active.id)}, at ${placeOf(active.id)}. Move it with the arrow keys; Space drops it, Escape puts it back.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} moved to ${placeOf(over.id)}.`
        : `${nameOf(active.id)} is outside the list.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} dropped at ${placeOf(over.id)}.`
        : `${nameOf(active.id)} put back.`,
    onDragCancel: ({ active }) => `${nameOf(active.id)} put back where it was.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  return (
    <DndContext
      accessibility={{ announcements }}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className="form-editor__list">
          {items.map((item, index) => (
            <SortableRow
              key={ids[index]}
              id={ids[index] ?? String(index)}
              handleLabel={`Move ${labelOf(item)}`}
            >
              {render(item, index)}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

/** The array with the item at `from` moved to `to`. */
export function moved<Item>(items: Item[], from: number, to: number): Item[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}
