import type { MyApplication } from '#review-api/applicant.ts';

/** What went wrong with a request, as the page tells it; a 401 is not a problem but a state. */
export type Problem = 'network' | 'tooMany' | 'failed' | 'emailInvalid';

/** What the signed-out page says above its e-mail form. */
export type SignedOutNotice =
  'linkSent' | 'linkUsed' | 'sessionEnded' | 'signedOut' | null;

export type MeState =
  | { kind: 'loading' }
  | {
      kind: 'signedOut';
      email: string;
      notice: SignedOutNotice;
      problem: Problem | null;
      isSending: boolean;
    }
  | {
      kind: 'token';
      token: string;
      problem: Problem | null;
      isOpening: boolean;
    }
  | {
      kind: 'signedIn';
      email: string;
      applications: MyApplication[];
      /** The application just withdrawn (its card says so), or the call of the one just erased. */
      notice:
        | { kind: 'withdrawn'; id: string }
        | { kind: 'erased'; call: string }
        | null;
      /** A failed action, on the card it was taken on (`id`), or on the page (`null`). */
      problem: { id: string | null; problem: Problem } | null;
      /** The card whose action is under way, or `''` for the page's own (sign out, download). */
      busyId: string | null;
    };

export type MeEvent =
  | { type: 'loaded'; email: string; applications: MyApplication[] }
  | { type: 'unauthorized' }
  | { type: 'emailTyped'; email: string }
  | { type: 'linkRequested' }
  | { type: 'linkSent' }
  | { type: 'opening' }
  | { type: 'busy'; id: string }
  | { type: 'done' }
  | { type: 'withdrawn'; application: MyApplication }
  | { type: 'erased'; id: string }
  | { type: 'signedOut' }
  | { type: 'failed'; problem: Problem };

/** The query parameter that carries the e-mailed sign-in token. */
const tokenParameter = 'token';

/**
 * Where the page starts: with a token in its address, a button that spends it (a mail scanner that
 * opens the link must not use it up); without, the applications, if a session is open.
 */
export function initialStateOf(search: string): MeState {
  const token = new URLSearchParams(search).get(tokenParameter);
  return token
    ? { kind: 'token', token, problem: null, isOpening: false }
    : { kind: 'loading' };
}

/** The page's address without its sign-in token, once spent: a reload or a shared address must not carry it. */
export function addressWithoutToken(href: string): string {
  const url = new URL(href);
  url.searchParams.delete(tokenParameter);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Whether an address is worth sending: the server says the same to anything it refuses. */
export const isPlausibleEmail = (email: string) =>
  /^[^\s@]+@[^\s@]+$/.test(email.trim());

/** What an answer's status means to the page; `null` is no answer at all. */
export function problemOf(status: number | null): Problem {
  if (status === null) return 'network';
  if (status === 429) return 'tooMany';
  if (status === 400) return 'emailInvalid';
  return 'failed';
}

const signedOut = (
  notice: SignedOutNotice,
  email = '',
): Extract<MeState, { kind: 'signedOut' }> => ({
  kind: 'signedOut',
  email,
  notice,
  problem: null,
  isSending: false,
});

/** Why the page asks for a link again when the server says the visitor is not signed in. */
function noticeWhenUnauthorized(state: MeState): SignedOutNotice {
  if (state.kind === 'token') return 'linkUsed';
  if (state.kind === 'signedIn') return 'sessionEnded';
  return state.kind === 'signedOut' ? state.notice : null;
}

/** The page's next state; an event that makes no sense in the current state leaves it as it is. */
export function nextState(state: MeState, event: MeEvent): MeState {
  switch (event.type) {
    case 'loaded':
      return {
        kind: 'signedIn',
        email: event.email,
        applications: event.applications,
        notice: null,
        problem: null,
        busyId: null,
      };
    case 'unauthorized':
      return signedOut(
        noticeWhenUnauthorized(state),
        state.kind === 'signedOut' ? state.email : '',
      );
    case 'signedOut':
      return signedOut('signedOut');
    case 'emailTyped':
      return state.kind === 'signedOut'
        ? { ...state, email: event.email }
        : state;
    case 'linkRequested':
      return state.kind === 'signedOut'
        ? { ...state, isSending: true, problem: null }
        : state;
    case 'linkSent':
      return state.kind === 'signedOut'
        ? { ...state, isSending: false, notice: 'linkSent', problem: null }
        : state;
    case 'opening':
      return state.kind === 'token'
        ? { ...state, isOpening: true, problem: null }
        : state;
    case 'busy':
      return state.kind === 'signedIn'
        ? { ...state, busyId: event.id, problem: null, notice: null }
        : state;
    case 'done':
      return state.kind === 'signedIn' ? { ...state, busyId: null } : state;
    case 'withdrawn':
      return state.kind === 'signedIn'
        ? {
            ...state,
            applications: state.applications.map((application) =>
              application.id === event.application.id
                ? event.application
                : application,
            ),
            notice: { kind: 'withdrawn', id: event.application.id },
            busyId: null,
          }
        : state;
    case 'erased': {
      if (state.kind !== 'signedIn') return state;
      const erased = state.applications.find(
        (application) => application.id === event.id,
      );
      return {
        ...state,
        applications: state.applications.filter(
          (application) => application.id !== event.id,
        ),
        notice: { kind: 'erased', call: erased?.call.title ?? '' },
        busyId: null,
      };
    }
    case 'failed':
      if (state.kind === 'signedOut')
        return { ...state, isSending: false, problem: event.problem };
      if (state.kind === 'token')
        return { ...state, isOpening: false, problem: event.problem };
      if (state.kind === 'signedIn')
        return {
          ...state,
          busyId: null,
          problem: {
            id: state.busyId === '' ? null : state.busyId,
            problem: event.problem,
          },
        };
      return { ...signedOut(null), problem: event.problem };
  }
}

/** The element that takes the focus after an event, by its `data-key`, so a screen reader hears the outcome. */
export function focusAfter(event: MeEvent, state: MeState): string | null {
  switch (event.type) {
    case 'unauthorized':
    case 'signedOut':
    case 'linkSent':
      return state.kind === 'signedOut' && state.notice ? 'notice' : null;
    case 'withdrawn':
      return `notice-${event.application.id}`;
    case 'erased':
      return 'notice';
    case 'failed':
      return event.problem === 'emailInvalid' ? 'email' : null;
    case 'loaded':
      return state.kind === 'signedIn' ? 'heading' : null;
    default:
      return null;
  }
}

/** "Received 12 March 2027", in the page's language and the visitor's time zone. */
export function receivedWords(
  iso: string,
  lang: string,
  template: string,
): { before: string; date: string; after: string } {
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'long' }).format(
    new Date(iso),
  );
  const [before = '', after = ''] = template.split('{date}');
  return { before, date, after };
}
