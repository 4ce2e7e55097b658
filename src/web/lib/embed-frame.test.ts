import { expect, test } from 'vitest';
import type { EmbedMessage } from '#engine/embed/embed-protocol.ts';
import { stepIdsOf } from '#engine/step-ids.ts';
import { exampleWith } from '../../../tests/support/wizard-configs.ts';
import {
  connectToHost,
  hostOriginIn,
  isEscapeForHost,
  messageOf,
} from './embed-frame.ts';

test('posts only to an http(s) origin the address names', () => {
  expect(hostOriginIn('?embed=https%3A%2F%2Fexample.org')).toBe(
    'https://example.org',
  );
  expect(hostOriginIn('?embed=http://localhost:8080/')).toBe(
    'http://localhost:8080',
  );
  for (const search of [
    '',
    '?embed=',
    '?embed=*',
    '?embed=https://example.org/work-with-us',
    '?embed=javascript:alert(1)',
    '?embed=data:text/html,x',
    '?embed=example.org',
    '?embed=https://example.org?x=1',
  ])
    expect(hostOriginIn(search), search).toBeNull();
});

test('a step is named by the id insights count it under, with its position', () => {
  const form = exampleWith();
  expect(messageOf('summer', { type: 'step', step: 1, form })).toEqual({
    type: 'creator-application:step',
    call: 'summer',
    step: stepIdsOf(form)[1],
    index: 1,
  });
  expect(messageOf('summer', { type: 'submitted' })).toEqual({
    type: 'creator-application:submitted',
    call: 'summer',
  });
});

test('every message goes to the host origin alone, a height only when it changed', () => {
  const posted: Array<[EmbedMessage, string]> = [];
  const host = connectToHost(
    { postMessage: (message, origin) => posted.push([message, origin]) },
    'https://example.org',
    'summer',
  );
  host.resize(640.2);
  host.resize(641);
  host.resize(880);
  host.tell({ type: 'submitted' });
  expect(posted).toEqual([
    [
      { type: 'creator-application:resize', call: 'summer', height: 641 },
      'https://example.org',
    ],
    [
      { type: 'creator-application:resize', call: 'summer', height: 880 },
      'https://example.org',
    ],
    [
      { type: 'creator-application:submitted', call: 'summer' },
      'https://example.org',
    ],
  ]);
});

test("Esc is the host's only when nothing of the form's own is open to take it", () => {
  const page = (html: string) => {
    const doc = document.implementation.createHTMLDocument();
    doc.body.innerHTML = html;
    return doc;
  };
  const esc = { key: 'Escape', defaultPrevented: false };
  expect(isEscapeForHost(esc, page('<p>Welcome</p>'))).toBe(true);
  expect(isEscapeForHost({ ...esc, key: 'Enter' }, page(''))).toBe(false);
  expect(isEscapeForHost({ ...esc, defaultPrevented: true }, page(''))).toBe(
    false,
  );
  expect(
    isEscapeForHost(esc, page('<input role="combobox" aria-expanded="true">')),
  ).toBe(false);
  expect(
    isEscapeForHost(esc, page('<dialog open>Save for later</dialog>')),
  ).toBe(false);
});
