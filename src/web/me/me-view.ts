import type { ApplicantPageTexts } from '#engine/applicant-page-texts.ts';
import type { MyApplication } from '#review-api/applicant.ts';
import { button, errorIcon, h } from './me-dom.ts';
import { receivedWords, type MeState, type Problem } from './me-state.ts';

/** What the person can do from the page; the view calls these and decides nothing. */
export type MeActions = {
  typeEmail: (email: string) => void;
  requestLink: () => void;
  openApplications: () => void;
  withdraw: (application: MyApplication) => void;
  erase: (application: MyApplication) => void;
  download: () => void;
  signOut: () => void;
};

const fill = (template: string, name: string, value: string) =>
  template.replace(`{${name}}`, value);

const problemTexts: Record<Problem, keyof ApplicantPageTexts> = {
  network: 'networkError',
  tooMany: 'tooMany',
  failed: 'failed',
  emailInvalid: 'emailInvalid',
};

const problemText = (texts: ApplicantPageTexts, problem: Problem) =>
  texts[problemTexts[problem]];

const notice = (text: string, key: string) =>
  h(
    'p',
    { class: 'step__notice', role: 'status', tabindex: '-1', 'data-key': key },
    text,
  );

const problemAlert = (text: string) =>
  h('p', { class: 'step__server-error', role: 'alert' }, text);

function signedOutView(
  state: Extract<MeState, { kind: 'signedOut' }>,
  texts: ApplicantPageTexts,
  actions: MeActions,
): Node[] {
  const noticeText = state.notice && texts[state.notice];
  const isInvalid = state.problem === 'emailInvalid';
  const form = h(
    'form',
    {
      class: 'me-form',
      novalidate: true,
      onsubmit: (event) => {
        event.preventDefault();
        actions.requestLink();
      },
    },
    h(
      'div',
      { class: 'field' },
      h('label', { class: 'field__label', for: 'me-email' }, texts.emailLabel),
      h('input', {
        id: 'me-email',
        class: 'input',
        type: 'email',
        name: 'email',
        autocomplete: 'email',
        required: true,
        value: state.email,
        'data-key': 'email',
        'aria-invalid': isInvalid ? 'true' : false,
        'aria-describedby': isInvalid ? 'me-email-error' : false,
        oninput: (event) =>
          actions.typeEmail((event.target as HTMLInputElement).value),
      }),
      isInvalid &&
        h(
          'p',
          { class: 'field__error', id: 'me-email-error' },
          errorIcon(),
          texts.emailInvalid,
        ),
    ),
    state.problem &&
      !isInvalid &&
      problemAlert(problemText(texts, state.problem)),
    h(
      'div',
      { class: 'step__actions' },
      button(texts.sendLink, {
        className: 'button button--primary me-form__submit',
        key: 'send',
        type: 'submit',
        isBusy: state.isSending,
        busyLabel: texts.sending,
      }),
    ),
  );
  return [
    ...(noticeText ? [notice(noticeText, 'notice')] : []),
    h('p', { class: 'step__text' }, texts.signInIntro),
    form,
  ];
}

function tokenView(
  state: Extract<MeState, { kind: 'token' }>,
  texts: ApplicantPageTexts,
  actions: MeActions,
): Node[] {
  return [
    h('p', { class: 'step__text' }, texts.openIntro),
    ...(state.problem ? [problemAlert(problemText(texts, state.problem))] : []),
    h(
      'div',
      { class: 'step__actions' },
      button(texts.open, {
        className: 'button button--primary me-form__submit',
        key: 'open',
        isBusy: state.isOpening,
        busyLabel: texts.opening,
        onClick: actions.openApplications,
      }),
    ),
  ];
}

function cardOf(
  application: MyApplication,
  state: Extract<MeState, { kind: 'signedIn' }>,
  texts: ApplicantPageTexts,
  lang: string,
  actions: MeActions,
): HTMLElement {
  const { id } = application;
  const received = receivedWords(application.receivedAt, lang, texts.received);
  const isBusy = state.busyId === id;
  const titleId = `me-card-${id}`;
  return h(
    'li',
    { class: 'me-card', 'aria-labelledby': titleId },
    h('h2', { class: 'me-card__title', id: titleId }, application.call.title),
    h(
      'p',
      { class: 'me-card__received' },
      received.before,
      h('time', { datetime: application.receivedAt }, received.date),
      received.after,
    ),
    h(
      'p',
      {
        class: `me-status me-status--${application.status}`,
      },
      application.statusText,
    ),
    state.notice?.kind === 'withdrawn' &&
      state.notice.id === id &&
      notice(texts.withdrawn, `notice-${id}`),
    state.problem?.id === id &&
      problemAlert(problemText(texts, state.problem.problem)),
    h(
      'div',
      { class: 'me-card__actions' },
      application.status !== 'withdrawn' &&
        button(texts.withdraw, {
          className: 'me-action',
          key: `withdraw-${id}`,
          isBusy,
          onClick: () => actions.withdraw(application),
        }),
      button(texts.erase, {
        className: 'me-action me-action--danger',
        key: `erase-${id}`,
        isBusy,
        onClick: () => actions.erase(application),
      }),
    ),
  );
}

function signedInView(
  state: Extract<MeState, { kind: 'signedIn' }>,
  texts: ApplicantPageTexts,
  lang: string,
  actions: MeActions,
): Node[] {
  const isPageBusy = state.busyId === '';
  return [
    h(
      'div',
      { class: 'me-account' },
      h(
        'p',
        { class: 'me-account__email' },
        fill(texts.signedInAs, 'email', state.email),
      ),
      h(
        'div',
        { class: 'me-account__actions' },
        button(texts.download, {
          className: 'me-action',
          key: 'download',
          isBusy: isPageBusy,
          onClick: actions.download,
        }),
        button(texts.signOut, {
          className: 'me-action',
          key: 'sign-out',
          isBusy: isPageBusy,
          onClick: actions.signOut,
        }),
      ),
    ),
    ...(state.problem && state.problem.id === null
      ? [problemAlert(problemText(texts, state.problem.problem))]
      : []),
    ...(state.notice?.kind === 'erased'
      ? [notice(fill(texts.erased, 'call', state.notice.call), 'notice')]
      : []),
    state.applications.length > 0
      ? h(
          'ul',
          { class: 'me-list' },
          ...state.applications.map((application) =>
            cardOf(application, state, texts, lang, actions),
          ),
        )
      : h(
          'div',
          { class: 'me-none' },
          h('p', { class: 'step__text' }, texts.none),
          h(
            'p',
            {},
            h(
              'a',
              { class: 'button button--primary me-none__link', href: '/calls' },
              texts.seeOpenCalls,
            ),
          ),
        ),
  ];
}

/**
 * Draws the page's state into `root`, then gives the focus back to the element that had it (the
 * same `data-key`), or to `focusKey`'s, so a screen reader hears what an action did.
 */
export function renderMePage(
  root: HTMLElement,
  state: MeState,
  options: {
    texts: ApplicantPageTexts;
    lang: string;
    actions: MeActions;
    focusKey: string | null;
  },
): void {
  const { texts, lang, actions } = options;
  const focused =
    document.activeElement instanceof HTMLElement &&
    root.contains(document.activeElement)
      ? document.activeElement.dataset.key
      : undefined;
  const views: Record<MeState['kind'], () => Node[]> = {
    loading: () => [
      h('p', { class: 'step__text me-loading', role: 'status' }, texts.loading),
    ],
    signedOut: () =>
      signedOutView(
        state as Extract<MeState, { kind: 'signedOut' }>,
        texts,
        actions,
      ),
    token: () =>
      tokenView(state as Extract<MeState, { kind: 'token' }>, texts, actions),
    signedIn: () =>
      signedInView(
        state as Extract<MeState, { kind: 'signedIn' }>,
        texts,
        lang,
        actions,
      ),
  };
  root.replaceChildren(...views[state.kind]());
  const key = options.focusKey ?? focused;
  if (key === 'heading') {
    document.querySelector<HTMLElement>('[data-key="heading"]')?.focus();
    return;
  }
  if (key)
    root.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"]`)?.focus();
}
