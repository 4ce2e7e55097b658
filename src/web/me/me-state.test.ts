import { describe, expect, test } from 'vitest';
import type { MyApplication } from '#review-api/applicant.ts';
import { fileNameOf } from './me-api.ts';
import {
  addressWithoutToken,
  focusAfter,
  initialStateOf,
  isPlausibleEmail,
  nextState,
  problemOf,
  receivedWords,
  type MeState,
} from './me-state.ts';

const application = (id: string, title: string): MyApplication => ({
  id,
  call: { slug: id, title },
  receivedAt: '2027-03-12T10:00:00.000Z',
  status: 'received',
  statusText: 'Received',
});

const summer = application('a1', 'Summer on the coast');
const winter = application('a2', 'Winter in the hills');

const signedIn = (): MeState => ({
  kind: 'signedIn',
  email: 'ada@example.com',
  applications: [summer, winter],
  notice: null,
  problem: null,
  busyId: null,
});

const signedOut = (
  overrides: Partial<Extract<MeState, { kind: 'signedOut' }>> = {},
): MeState => ({
  kind: 'signedOut',
  email: '',
  notice: null,
  problem: null,
  isSending: false,
  ...overrides,
});

describe('where the page starts', () => {
  test('with a token in the address, offers to spend it instead of spending it on load', () => {
    expect(initialStateOf('?token=abc&lang=de')).toEqual({
      kind: 'token',
      token: 'abc',
      problem: null,
      isOpening: false,
    });
  });

  test('without one, loads the applications of an open session', () => {
    expect(initialStateOf('')).toEqual({ kind: 'loading' });
    expect(initialStateOf('?token=')).toEqual({ kind: 'loading' });
  });

  test('drops only the token from the address once it is spent', () => {
    expect(
      addressWithoutToken('https://example.org/me?token=abc&lang=de#top'),
    ).toBe('/me?lang=de#top');
    expect(addressWithoutToken('https://example.org/me?token=abc')).toBe('/me');
  });
});

describe('asking for a link', () => {
  test('keeps the typed address through a failure, and says the same sentence once the server answers', () => {
    let state = nextState(signedOut(), {
      type: 'emailTyped',
      email: 'ada@example.com',
    });
    state = nextState(state, { type: 'linkRequested' });
    expect(state).toMatchObject({ isSending: true, problem: null });
    state = nextState(state, { type: 'failed', problem: 'tooMany' });
    expect(state).toEqual(
      signedOut({ email: 'ada@example.com', problem: 'tooMany' }),
    );
    expect(
      focusAfter({ type: 'failed', problem: 'tooMany' }, state),
    ).toBeNull();
    expect(focusAfter({ type: 'failed', problem: 'emailInvalid' }, state)).toBe(
      'email',
    );
    state = nextState(state, { type: 'linkRequested' });
    state = nextState(state, { type: 'linkSent' });
    expect(state).toEqual(
      signedOut({ email: 'ada@example.com', notice: 'linkSent' }),
    );
    expect(focusAfter({ type: 'linkSent' }, state)).toBe('notice');
  });

  test('names a network failure, a 429, a 400 and anything else apart', () => {
    expect([null, 429, 400, 500, 403].map(problemOf)).toEqual([
      'network',
      'tooMany',
      'emailInvalid',
      'failed',
      'failed',
    ]);
  });

  test('sends an address only when it could be one', () => {
    expect(isPlausibleEmail(' ada@example.com ')).toBe(true);
    expect(isPlausibleEmail('ada')).toBe(false);
    expect(isPlausibleEmail('ada@')).toBe(false);
    expect(isPlausibleEmail('a da@example.com')).toBe(false);
  });
});

describe('a 401', () => {
  test('after pressing the link’s button says the link is used or expired', () => {
    const state = nextState(initialStateOf('?token=abc'), {
      type: 'unauthorized',
    });
    expect(state).toEqual(signedOut({ notice: 'linkUsed' }));
    expect(focusAfter({ type: 'unauthorized' }, state)).toBe('notice');
  });

  test('while signed in says the session has ended', () => {
    expect(nextState(signedIn(), { type: 'unauthorized' })).toEqual(
      signedOut({ notice: 'sessionEnded' }),
    );
  });

  test('on first load shows the form without a notice; another failure says what went wrong', () => {
    expect(
      nextState({ kind: 'loading' }, { type: 'failed', problem: 'network' }),
    ).toEqual(signedOut({ problem: 'network' }));
    const state = nextState({ kind: 'loading' }, { type: 'unauthorized' });
    expect(state).toEqual(signedOut());
    expect(focusAfter({ type: 'unauthorized' }, state)).toBeNull();
  });
});

describe('signed in', () => {
  test('a withdrawal replaces the card’s status in place and says so on that card', () => {
    let state = nextState(signedIn(), { type: 'busy', id: 'a2' });
    expect(state).toMatchObject({ busyId: 'a2' });
    const withdrawn: MyApplication = {
      ...winter,
      status: 'withdrawn',
      statusText: 'Withdrawn',
    };
    state = nextState(state, { type: 'withdrawn', application: withdrawn });
    expect(state).toMatchObject({
      applications: [summer, withdrawn],
      notice: { kind: 'withdrawn', id: 'a2' },
      busyId: null,
    });
    expect(
      focusAfter({ type: 'withdrawn', application: withdrawn }, state),
    ).toBe('notice-a2');
  });

  test('an erasure takes the card away and names the call it was for', () => {
    let state = nextState(signedIn(), { type: 'busy', id: 'a1' });
    state = nextState(state, { type: 'erased', id: 'a1' });
    expect(state).toMatchObject({
      applications: [winter],
      notice: { kind: 'erased', call: 'Summer on the coast' },
    });
  });

  test('a failed action is told on the card it was taken on, or on the page for the page’s own', () => {
    let state = nextState(signedIn(), { type: 'busy', id: 'a1' });
    state = nextState(state, { type: 'failed', problem: 'network' });
    expect(state).toMatchObject({
      busyId: null,
      problem: { id: 'a1', problem: 'network' },
      applications: [summer, winter],
    });
    state = nextState(state, { type: 'busy', id: '' });
    expect(state).toMatchObject({ problem: null });
    state = nextState(state, { type: 'failed', problem: 'failed' });
    expect(state).toMatchObject({ problem: { id: null, problem: 'failed' } });
  });

  test('signing out shows the form with a notice', () => {
    expect(nextState(signedIn(), { type: 'signedOut' })).toEqual(
      signedOut({ notice: 'signedOut' }),
    );
  });
});

test('writes the received date in the page’s language around the text’s own words', () => {
  expect(
    receivedWords('2027-03-12T10:00:00.000Z', 'en-GB', 'Received {date}'),
  ).toEqual({ before: 'Received ', date: '12 March 2027', after: '' });
  expect(
    receivedWords('2027-03-12T10:00:00.000Z', 'de', 'Eingegangen am {date}.'),
  ).toEqual({ before: 'Eingegangen am ', date: '12. März 2027', after: '.' });
});

test('names the downloaded file as the server does, else plainly', () => {
  expect(fileNameOf('attachment; filename="my-data-2027-03-12.json"')).toBe(
    'my-data-2027-03-12.json',
  );
  expect(fileNameOf(null)).toBe('my-applications.json');
});
