import { afterEach, expect, test, vi } from 'vitest';
import type { EmbedMessage } from '#engine/embed/embed-protocol.ts';
import { placeForm } from './place-form.ts';

const formOrigin = 'https://apply.example.org';

function hostScript(attributes: Record<string, string> = {}) {
  const script = document.createElement('script');
  script.src = `${formOrigin}/embed.js`;
  script.dataset.call = 'summer-2027';
  for (const [name, value] of Object.entries(attributes))
    script.setAttribute(name, value);
  document.body.append(script);
  return script;
}

const resize = (height: number): EmbedMessage => ({
  type: 'creator-application:resize',
  call: 'summer-2027',
  height,
});

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

test('the frame takes its height only from its own form, at the script’s origin', () => {
  placeForm(hostScript(), [location.origin]);
  const [frame, other] = [
    document.querySelector('iframe'),
    document.createElement('iframe'),
  ];
  document.body.append(other);
  if (!frame?.contentWindow || !other.contentWindow)
    throw new Error('no frame');
  expect(frame.title).toBe('Application form');
  const firstHeight = frame.style.height;
  const post = (origin: string, source: Window, data: EmbedMessage) =>
    dispatchEvent(new MessageEvent('message', { origin, source, data }));

  post('https://evil.example', frame.contentWindow, resize(90));
  post(formOrigin, other.contentWindow, resize(90));
  expect(frame.style.height).toBe(firstHeight);
  post(formOrigin, frame.contentWindow, {
    type: 'creator-application:step',
    call: 'summer-2027',
    step: 'general',
    index: 1,
  });
  expect(frame.style.height).toBe(firstHeight);
  post(formOrigin, frame.contentWindow, resize(812.2));
  expect(frame.style.height).toBe('813px');
});

test('on a page the server does not list, a link to the form and the reason in the console', () => {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  placeForm(hostScript({ 'data-title': 'Apply for summer' }), [
    'https://www.example.org',
  ]);
  expect(document.querySelector('iframe')).toBeNull();
  const link = document.querySelector('a');
  expect(link?.textContent).toBe('Apply for summer');
  expect(link?.href).toBe(`${formOrigin}/apply/summer-2027`);
  expect(logged).toHaveBeenCalledWith(
    expect.stringContaining(`add ${location.origin} to its EMBED_ORIGINS`),
  );
});

test('popup: a button after the script, and the frame made on the first opening', () => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  placeForm(hostScript({ 'data-mode': 'popup', 'data-button': 'Apply now' }), [
    location.origin,
  ]);
  const button = document.querySelector('script + button');
  expect(button?.textContent).toBe('Apply now');
  expect(document.querySelector('iframe')).toBeNull();
  (button as HTMLButtonElement).click();
  const dialog = document.querySelector('dialog');
  expect(dialog?.getAttribute('aria-label')).toBe('Application form');
  expect(dialog?.querySelector('button[aria-label="Close"]')).not.toBeNull();
  expect(dialog?.querySelector('iframe')).not.toBeNull();
});

test('popup: Esc pressed inside its own form closes it; the same word from another frame does not', () => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
  placeForm(hostScript({ 'data-mode': 'popup' }), [location.origin]);
  (document.querySelector('script + button') as HTMLButtonElement).click();
  const dialog = document.querySelector('dialog');
  const frame = dialog?.querySelector('iframe');
  const other = document.createElement('iframe');
  document.body.append(other);
  if (!dialog || !frame?.contentWindow || !other.contentWindow)
    throw new Error('no popup');
  const escape: EmbedMessage = {
    type: 'creator-application:escape',
    call: 'summer-2027',
  };
  dispatchEvent(
    new MessageEvent('message', {
      origin: formOrigin,
      source: other.contentWindow,
      data: escape,
    }),
  );
  expect(dialog.open).toBe(true);
  dispatchEvent(
    new MessageEvent('message', {
      origin: formOrigin,
      source: frame.contentWindow,
      data: escape,
    }),
  );
  expect(dialog.open).toBe(false);
});
