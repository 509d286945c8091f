import type { CSSProperties, ReactNode } from 'react';
import {
  closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent, type ScreenReaderInstructions,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { IconButton } from '@cadence/shared-ui';

// Drag to reorder, by pointer (and touch) or from the keyboard (Space to pick up, arrows, Space to
// drop, Escape to cancel), with dnd-kit's screen-reader announcements in the editor's words. The
// Move up / Move down buttons beside each item do the same one step at a time.

export const SORT_TEXT = {
  handle: (name: string) => `Drag to reorder ${name}`,
  instructions: 'To pick up an item, press Space or Enter. Use the up and down arrow keys to move it, then Space or Enter to drop it, or Escape to cancel.',
  picked: (name: string, position: number, of: number) => `Picked up ${name}, position ${position} of ${of}.`,
  over: (name: string, position: number, of: number) => `${name} is over position ${position} of ${of}.`,
  dropped: (name: string, position: number, of: number) => `Dropped ${name} at position ${position} of ${of}.`,
  cancelled: (name: string) => `Reordering cancelled. ${name} is back where it was.`,
} as const;

interface SortableItemsProps {
  ids: string[];
  nameOf: (id: string) => string;
  onMove: (id: string, toIndex: number) => void;
  children: ReactNode;
}

export function SortableItems({ ids, nameOf, onMove, children }: SortableItemsProps) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const at = (id: string | number) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => SORT_TEXT.picked(nameOf(String(active.id)), at(active.id), ids.length),
    onDragOver: ({ active, over }) => (over ? SORT_TEXT.over(nameOf(String(active.id)), at(over.id), ids.length) : undefined),
    onDragEnd: ({ active, over }) => (over ? SORT_TEXT.dropped(nameOf(String(active.id)), at(over.id), ids.length) : undefined),
    onDragCancel: ({ active }) => SORT_TEXT.cancelled(nameOf(String(active.id))),
  };
  const instructions: ScreenReaderInstructions = { draggable: SORT_TEXT.instructions };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(String(active.id), ids.indexOf(String(over.id)));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions: instructions }}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>{children}</SortableContext>
    </DndContext>
  );
}

/** One sortable row: the caller renders its content with the drag handle where it wants it. */
export function SortableRow({ id, name, className, children }: { id: string; name: string; className: string; children: (handle: ReactNode) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition };
  const handle = (
    <IconButton
      {...attributes}
      {...listeners}
      ref={setActivatorNodeRef}
      icon="sort"
      size="sm"
      label={SORT_TEXT.handle(name)}
      className="fe-handle"
    />
  );
  return (
    <li ref={setNodeRef} style={style} className={isDragging ? `${className} is-dragging` : className}>
      {children(handle)}
    </li>
  );
}
