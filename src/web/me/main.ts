import type { ApplicantPageTexts } from '#engine/applicant-page-texts.ts';
import type { MyApplication } from '#review-api/applicant.ts';
import { meApi, type Answer } from './me-api.ts';
import {
  addressWithoutToken,
  focusAfter,
  initialStateOf,
  isPlausibleEmail,
  nextState,
  problemOf,
  type MeEvent,
  type MeState,
} from './me-state.ts';
import { confirmInDialog } from './me-dialog.ts';
import { renderMePage, type MeActions } from './me-view.ts';

// The applicant's page at /me: the server writes its frame and texts, this script its states.
const root = document.getElementById('me-content');
const texts = JSON.parse(
  document.getElementById('me-texts')?.textContent ?? '{}',
) as ApplicantPageTexts;
const lang = document.documentElement.lang || 'en';
let state: MeState = initialStateOf(location.search);

function render(focusKey: string | null): void {
  if (root) renderMePage(root, state, { texts, lang, actions, focusKey });
}

function dispatch(event: MeEvent): void {
  state = nextState(state, event);
  render(focusAfter(event, state));
}

/** A failed request: a 401 means the link or the session is over, anything else a problem to retry. */
const failed = (status: number | null) =>
  dispatch(
    status === 401
      ? { type: 'unauthorized' }
      : { type: 'failed', problem: problemOf(status) },
  );

async function load(): Promise<void> {
  const answer = await meApi.read();
  if (answer.ok) dispatch({ type: 'loaded', ...answer.value });
  else failed(answer.status);
}

const fillCall = (template: string, application: MyApplication) =>
  template.replace('{call}', application.call.title);

/** Asks before an action that cannot be undone, then takes it on the application's card. */
async function askThenRun<T>(
  action: 'withdraw' | 'erase',
  application: MyApplication,
  request: () => Promise<Answer<T>>,
  outcome: (value: T) => MeEvent,
): Promise<void> {
  const isConfirmed =
    (await confirmInDialog({
      title: fillCall(texts[`${action}Title`], application),
      text: texts[`${action}Text`],
      confirm: texts[`${action}Confirm`],
      cancel: texts.cancel,
    })) &&
    // Erasing asks twice: the first question says what goes, the second that it is for good.
    (action !== 'erase' ||
      (await confirmInDialog({
        title: fillCall(texts.eraseAgainTitle, application),
        text: texts.eraseAgainText,
        confirm: texts.eraseAgainConfirm,
        cancel: texts.cancel,
      })));
  if (!isConfirmed) return;
  dispatch({ type: 'busy', id: application.id });
  const answer = await request();
  if (answer.ok) dispatch(outcome(answer.value));
  else failed(answer.status);
}

const run = {
  requestLink: async () => {
    if (state.kind !== 'signedOut' || state.isSending) return;
    if (!isPlausibleEmail(state.email))
      return dispatch({ type: 'failed', problem: 'emailInvalid' });
    dispatch({ type: 'linkRequested' });
    const answer = await meApi.requestLink(state.email);
    if (answer.ok) dispatch({ type: 'linkSent' });
    else dispatch({ type: 'failed', problem: problemOf(answer.status) });
  },
  openApplications: async () => {
    if (state.kind !== 'token' || state.isOpening) return;
    dispatch({ type: 'opening' });
    const answer = await meApi.startSession(state.token);
    if (answer.ok || answer.status === 401)
      history.replaceState(
        history.state,
        '',
        addressWithoutToken(location.href),
      );
    if (answer.ok) await load();
    else failed(answer.status);
  },
  withdraw: (application: MyApplication) =>
    askThenRun(
      'withdraw',
      application,
      () => meApi.withdraw(application.id),
      (withdrawn) => ({ type: 'withdrawn', application: withdrawn }),
    ),
  erase: (application: MyApplication) =>
    askThenRun(
      'erase',
      application,
      () => meApi.erase(application.id),
      () => ({ type: 'erased', id: application.id }),
    ),
  download: async () => {
    dispatch({ type: 'busy', id: '' });
    const answer = await meApi.exportData();
    if (!answer.ok) return failed(answer.status);
    const link = document.createElement('a');
    link.href = URL.createObjectURL(answer.value.blob);
    link.download = answer.value.name;
    link.click();
    URL.revokeObjectURL(link.href);
    dispatch({ type: 'done' });
  },
  signOut: async () => {
    dispatch({ type: 'busy', id: '' });
    const answer = await meApi.endSession();
    if (answer.ok || answer.status === 401) dispatch({ type: 'signedOut' });
    else failed(answer.status);
  },
};

const actions: MeActions = {
  // The field keeps what is typed; only the state needs it, for the next drawing.
  typeEmail: (email) => {
    state = nextState(state, { type: 'emailTyped', email });
  },
  requestLink: () => void run.requestLink(),
  openApplications: () => void run.openApplications(),
  withdraw: (application) => void run.withdraw(application),
  erase: (application) => void run.erase(application),
  download: () => void run.download(),
  signOut: () => void run.signOut(),
};

render(null);
if (state.kind === 'loading') void load();
