import {
  embedParameter,
  type EmbedMessage,
} from '#engine/embed/embed-protocol.ts';
import { stepIdsOf } from '#engine/step-ids.ts';
import type { StepsOfForm } from './insights.ts';

/** What the wizard tells the page around its frame: a step reached (each time), the application stored. */
export type FrameEvent =
  { type: 'step'; step: number; form: StepsOfForm } | { type: 'submitted' };

/** Where the frame's messages go: the window around it, and only at the host page's origin. */
export type HostWindow = {
  postMessage: (message: EmbedMessage, targetOrigin: string) => void;
};

/**
 * The host page's origin that the address names (`?embed=https://example.org`), or null for
 * anything else: only an http(s) origin, never `*`, a path or another scheme, so a message meant
 * for the host page can reach no other.
 */
export function hostOriginIn(search: string): string | null {
  const value = new URLSearchParams(search).get(embedParameter);
  if (!value) return null;
  try {
    const url = new URL(value);
    const isOrigin = value === url.origin || value === `${url.origin}/`;
    return isOrigin && (url.protocol === 'https:' || url.protocol === 'http:')
      ? url.origin
      : null;
  } catch {
    return null;
  }
}

/** The message an event is for the host page: where the applicant is, never what they wrote. */
export function messageOf(call: string, event: FrameEvent): EmbedMessage {
  if (event.type === 'submitted')
    return { type: 'creator-application:submitted', call };
  return {
    type: 'creator-application:step',
    call,
    step: stepIdsOf(event.form)[event.step] ?? '',
    index: event.step,
  };
}

/**
 * Posts the frame's messages to the host page: its content's height each time it changes (the host
 * script sizes the frame to it, so the frame never scrolls), and the events it is given. Returns
 * the function that takes an event, and the one that takes a new height.
 */
export function connectToHost(
  host: HostWindow,
  origin: string,
  call: string,
): { tell: (event: FrameEvent) => void; resize: (height: number) => void } {
  let lastHeight = -1;
  return {
    tell: (event) => host.postMessage(messageOf(call, event), origin),
    resize: (height) => {
      const rounded = Math.ceil(height);
      if (rounded === lastHeight) return;
      lastHeight = rounded;
      host.postMessage(
        { type: 'creator-application:resize', call, height: rounded },
        origin,
      );
    },
  };
}

/** Whether Esc is the host's to act on: nothing of the form's own (an open list or dialog) takes it. */
export function isEscapeForHost(
  event: Pick<KeyboardEvent, 'key' | 'defaultPrevented'>,
  page: Pick<Document, 'querySelector'>,
): boolean {
  return (
    event.key === 'Escape' &&
    !event.defaultPrevented &&
    page.querySelector('dialog[open], [aria-expanded="true"]') === null
  );
}

/**
 * Starts the frame's side of the page: null when the address names no host page it may post to.
 * The first height is posted as soon as the observer first measures the page (the next frame after
 * this starts), then on every change of the content's height: a new step, an error shown, a
 * question revealed.
 */
export function startFrame(
  call: string,
  search: string,
): ((event: FrameEvent) => void) | null {
  const origin = hostOriginIn(search);
  if (!origin || window.parent === window) return null;
  const host = connectToHost(window.parent, origin, call);
  const content = document.body;
  new ResizeObserver(() => {
    host.resize(content.getBoundingClientRect().height);
  }).observe(content);
  // Bubbled to the document after the form's own handlers, while what Esc closes still shows open.
  document.addEventListener('keydown', (event) => {
    if (isEscapeForHost(event, document))
      window.parent.postMessage(
        { type: 'creator-application:escape', call } satisfies EmbedMessage,
        origin,
      );
  });
  return host.tell;
}
