import {
  KeyboardCode,
  KeyboardSensor,
  type KeyboardCodes,
  type KeyboardSensorProps,
  type SensorContext,
} from '@dnd-kit/core';
import { getOwnerDocument } from '@dnd-kit/utilities';

// Space picks a row up; Enter is left to the row, which it opens.
export const keyboardCodes: KeyboardCodes = {
  start: [KeyboardCode.Space],
  cancel: [KeyboardCode.Esc],
  end: [KeyboardCode.Space, KeyboardCode.Enter],
};

// The keys sortableKeyboardCoordinates moves a row by.
const arrows: string[] = [
  KeyboardCode.Up,
  KeyboardCode.Down,
  KeyboardCode.Left,
  KeyboardCode.Right,
];

/**
 * dnd-kit's keyboard sensor, hearing keys from the moment a row is picked up. dnd-kit's own adds
 * its listener in a timer, and Chromium runs input before timers: an arrow pressed right after
 * Space, by a quick hand or queued behind a busy page, found no listener and was lost (a CI run
 * waited in vain for the move it should have made).
 *
 * A key waits, in order with the keys after it, until dnd-kit has caught up with the one before:
 * until it has measured the rows (moved from unmeasured coordinates, the row would jump), and
 * after a move until it knows the row the move took it over (two arrows read from the same place
 * would go one row, and Space would drop the row where it was).
 */
export class PromptKeyboardSensor extends KeyboardSensor {
  constructor(props: KeyboardSensorProps) {
    let stop = () => {};
    let moved: SensorContext | undefined;
    super({
      ...props,
      onMove: (coordinates) => {
        moved = props.context.current;
        props.onMove(coordinates);
      },
      onEnd: () => {
        stop();
        props.onEnd();
      },
      onCancel: () => {
        stop();
        props.onCancel();
      },
    });
    // dnd-kit's handler is private (as of @dnd-kit/core 6.3); its timer reads it again when it fires.
    const sensor = this as unknown as { handleKeyDown: (event: Event) => void };
    const handle = sensor.handleKeyDown;
    // Added by that timer, it would hear every key a second time. (If the drag ended first, it
    // stays on the document, doing nothing.)
    sensor.handleKeyDown = () => {};
    const { end, cancel } = props.options.keyboardCodes ?? keyboardCodes;
    // dnd-kit renders anew after a move, and knows the row under it one render later.
    const caughtUp = () => {
      const context = props.context.current;
      const { collisionRect, collisions, over } = context;
      return (
        context !== moved &&
        collisionRect !== null &&
        over !== null &&
        collisions?.[0]?.id === over.id
      );
    };
    const waiting: globalThis.KeyboardEvent[] = [];
    let frame = 0;
    const next = () => {
      frame = 0;
      const event = caughtUp() ? waiting.shift() : undefined;
      if (event) handle(event);
      // A key that drops the row ends the drag, and `stop` empties the queue.
      if (waiting.length > 0) frame = requestAnimationFrame(next);
    };
    const listen = (event: globalThis.KeyboardEvent) => {
      // The Space that picked the row up, on its way up to the document.
      if (event === props.event) return;
      // Escape puts the row back wherever the keys before it would have taken it.
      if (cancel.includes(event.code) || (waiting.length === 0 && caughtUp())) {
        handle(event);
      } else if (end.includes(event.code) || arrows.includes(event.code)) {
        event.preventDefault();
        waiting.push(event);
        frame ||= requestAnimationFrame(next);
      }
    };
    const page = getOwnerDocument(props.event.target);
    page.addEventListener('keydown', listen);
    stop = () => {
      page.removeEventListener('keydown', listen);
      cancelAnimationFrame(frame);
      waiting.length = 0;
    };
  }
}
