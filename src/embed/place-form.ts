import type {
  EmbedEscape,
  EmbedMessage,
  EmbedResize,
} from '#engine/embed/embed-protocol.ts';
import { embedRequestOf, formAddressOf } from './frame-address.ts';

const resizeType = 'creator-application:resize' satisfies EmbedResize['type'];
const escapeType = 'creator-application:escape' satisfies EmbedEscape['type'];

/** Until the form says how tall it is: about Welcome's height, so the page barely moves. */
const firstHeight = '640px';

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  properties: Partial<HTMLElementTagNameMap[K]>,
  style = '',
): HTMLElementTagNameMap[K] {
  const made = Object.assign(document.createElement(tag), properties);
  made.style.cssText = style;
  return made;
}

/** The form's frame, sized to the content its page reports and only by that page. */
function formFrame(src: string, title: string): HTMLIFrameElement {
  const frame = element(
    'iframe',
    { src, title },
    `display:block;width:100%;border:0;height:${firstHeight}`,
  );
  frame.setAttribute('scrolling', 'no');
  const origin = new URL(src).origin;
  addEventListener('message', (event: MessageEvent<EmbedMessage | null>) => {
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    const { data } = event;
    if (data?.type === resizeType && data.height > 0)
      frame.style.height = `${Math.ceil(data.height)}px`;
    // In the popup, Esc pressed inside the form closes it as Esc anywhere else in the dialog does.
    else if (data?.type === escapeType) frame.closest('dialog')?.close();
  });
  return frame;
}

/** A button at the script's place that opens the form in a modal dialog, which gives focus back on closing. */
function popup(script: HTMLScriptElement, src: string, title: string): void {
  const open = element('button', {
    type: 'button',
    textContent: script.dataset.button || 'Apply now',
  });
  const dialog = element(
    'dialog',
    {},
    'width:min(720px,100vw);max-width:100vw;max-height:100dvh;padding:0;border:0;overflow:auto',
  );
  dialog.setAttribute('aria-label', title);
  const close = element(
    'button',
    { type: 'button', textContent: '×' },
    'display:block;margin-left:auto;position:sticky;top:0;font-size:1.5rem;line-height:1;padding:.5rem .75rem;border:0;background:#fff;color:#000;cursor:pointer',
  );
  close.setAttribute('aria-label', script.dataset.close || 'Close');
  close.addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => open.focus());
  open.addEventListener('click', () => {
    // The form loads on the first opening and stays: closing and opening again keeps its answers.
    if (!dialog.querySelector('iframe'))
      dialog.append(close, formFrame(src, title));
    dialog.showModal();
  });
  script.after(open, dialog);
}

/**
 * Puts the form where `script` stands: in a frame, or behind a button (`data-mode="popup"`), when
 * `embedOrigins` lets this page frame it; otherwise a link to it, and the reason in the console.
 */
export function placeForm(
  script: HTMLScriptElement,
  embedOrigins: readonly string[],
): void {
  const request = embedRequestOf(script);
  const title = script.dataset.title || 'Application form';
  const host = location.origin;
  if (!embedOrigins.includes(host)) {
    const form = formAddressOf(request, location.href, false);
    // The host page's console is where its developer looks; the refusal is theirs to fix.
    // eslint-disable-next-line no-console
    console.error(
      `${form.origin} does not let ${host} show its form in a frame: add ${host} to its EMBED_ORIGINS. Until then this page links to the form.`,
    );
    script.after(element('a', { href: form.href, textContent: title }));
    return;
  }
  const src = formAddressOf(request, location.href, true).href;
  if (script.dataset.mode === 'popup') popup(script, src, title);
  else script.after(formFrame(src, title));
}
