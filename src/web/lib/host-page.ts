import type { FrameEvent } from './embed-frame.ts';

let deliver: ((event: FrameEvent) => void) | null = null;
/** Events told before the frame's module arrives; null outside a frame, so nothing is kept. */
let waiting: FrameEvent[] | null = [];

/** Tells the page around the frame, when the wizard is in one, that a step was reached or the application stored. */
export function tellHostPage(event: FrameEvent): void {
  if (deliver) deliver(event);
  else waiting?.push(event);
}

/**
 * Loads the frame's module only when the server served the page for a frame (`data-embedded`), so
 * the page outside a frame carries none of it. `search` is the address the page landed on, which
 * names the host page's origin.
 */
export function startHostPage(call: string, search: string): void {
  if (!('embedded' in document.documentElement.dataset)) {
    waiting = null;
    return;
  }
  import('./embed-frame.ts')
    .then(({ startFrame }) => {
      const send = startFrame(call, search);
      if (send) waiting?.forEach(send);
      waiting = null;
      deliver = send;
    })
    // The application goes on without its host page hearing of it.
    .catch(() => {
      waiting = null;
    });
}
