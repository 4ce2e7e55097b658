import {
  startTransition,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import {
  answerHolding,
  type ApplicationModel,
} from '#engine/application-schema.ts';
import type { WizardConfig } from '#engine/config-schema.ts';
import { continueActionFor } from '#engine/navigation.ts';
import { getAt } from '#engine/paths.ts';
import { buildPayload } from '#engine/payload.ts';
import { interpolate } from '#engine/texts.ts';
import {
  typingPauseMs,
  useApplicationForm,
} from '#web/lib/application-form.ts';
import { tellHostPage } from '#web/lib/host-page.ts';
import { reportInsight } from '#web/lib/insights.ts';
import {
  forgetPrefilledAnswers,
  hiddenValuesFor,
  landingValuesOf,
} from '#web/lib/landing.ts';
import { visitSourceHeader } from '#web/lib/insights-visit.ts';
import { createBotCheckLoader } from '#web/lib/bot-check-loader.ts';
import { trackEvent } from '#web/lib/load-analytics.ts';
import { clearDraft, writeDraft, type Draft } from '#web/lib/session-draft.ts';
import { draftValuesOf, invalidPaths, stepFieldPaths } from './step-fields.ts';
import type { GoTo, OnFormChanged } from './wizard.tsx';
import {
  newIdempotencyKey,
  resolveRequestUrl,
  submitApplication,
} from '#web/lib/submit-application.ts';

/** The answer `{email}` stands for in a step's text. */
export const emailPath = 'personalInfo.emailAddress';

/** The question a form path belongs to, as the applicant read it. */
const questionOf = (model: ApplicationModel, path: string): string =>
  answerHolding(model, path)?.label ?? path;

type Options = {
  config: WizardConfig;
  stepIndex: number;
  goTo: GoTo;
  draft: Draft | null;
  /** False while the form is held hidden, built ahead, behind the Welcome step (a text step). */
  isShown: boolean;
  /** The number of the form version the page was served, sent with the application. */
  version: number | null;
  /** Whether this form took the place of one that changed under the applicant. */
  hasChanged: boolean;
  onFormChanged: OnFormChanged;
};

/** The application's form and what Continue does on each step: advance, validate, send, redirect. */
export function useWizardForm({
  config,
  stepIndex,
  goTo,
  draft,
  isShown,
  version,
  hasChanged,
  onFormChanged,
}: Options) {
  const { form, model } = useApplicationForm(
    config,
    draft?.values,
    landingValuesOf(config.pageId).prefill,
  );
  // Where the applicant resumes after the form changed: said once this step is on screen, so the
  // alert is announced, and kept on that step only.
  const [notice, setNotice] = useState<{
    stepIndex: number;
    text: string;
  } | null>(null);
  useEffect(() => {
    if (hasChanged) setNotice({ stepIndex, text: model.texts.formChanged });
    // Once, for the step the changed form opened on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [isBusy, setIsBusy] = useState(false);
  // Why the last send failed, in the form's words, when it was not an answer the applicant can fix.
  const [serverError, setServerError] = useState<string | null>(null);
  const sendsTo = resolveRequestUrl(config.requestUrl, config.pageId);
  // Only where something is sent (not in the editor's preview) is there a bot check to answer.
  const hasBotCheck = config.botCheck && sendsTo !== null;
  const [botCheck] = useState(createBotCheckLoader);
  // Solved in the background from the first form step on, so the answer is ready at Send.
  useEffect(() => {
    if (isShown && hasBotCheck) void botCheck.start().catch(() => null);
  }, [isShown, hasBotCheck, botCheck]);
  // Why the call takes no application, in its own words, once the server said it is not open.
  const [closedMessage, setClosedMessage] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  // After a refused Continue: how many answers need attention, and which, for a live region.
  const [attention, setAttention] = useState<{
    stepIndex: number;
    text: string;
  } | null>(null);
  const sayWhatNeedsAttention = (
    paths: readonly string[],
    onStep = stepIndex,
  ) => {
    const names = [
      ...new Set(
        paths
          .filter((path) => form.getFieldState(path).invalid)
          .map((path) => questionOf(model, path)),
      ),
    ];
    setAttention(
      names.length === 0
        ? null
        : {
            stepIndex: onStep,
            text: interpolate(
              names.length === 1
                ? model.texts.attentionOne
                : model.texts.attentionMany,
              { count: names.length, names: names.join(', ') },
            ),
          },
    );
  };
  // Named by the thank-you step: the answers are gone once sent, after a reload too, but not it.
  const [sentEmail, setSentEmail] = useState(
    draft?.sent ? draft.sentEmail : null,
  );
  const idempotencyKey = useRef(draft?.idempotencyKey ?? null);
  const isSubmitted = useRef(false);
  // Double clicks and Enter held down must not start a second validation or send while one runs.
  const isContinuing = useRef(false);
  const stepCount = config.steps.length;

  // The step the tab is on: while the form waits hidden behind the Welcome step, that is Welcome,
  // so a reload there stays there rather than opening the step built ahead.
  const shownStep = isShown ? stepIndex : 0;
  // In the commit that shows the step, not after its paint: a reload as soon as the step is on
  // screen must reopen it, and the page's inline script reads the step from the draft.
  useLayoutEffect(() => {
    if (!isSubmitted.current)
      writeDraft(config.pageId, {
        stepIndex: shownStep,
        values: draftValuesOf(form.getValues()),
      });
  }, [config.pageId, shownStep, form]);

  useEffect(() => {
    let pending: ReturnType<typeof setTimeout> | undefined;
    const save = () => {
      clearTimeout(pending);
      pending = undefined;
      if (!isSubmitted.current)
        writeDraft(config.pageId, { values: draftValuesOf(form.getValues()) });
    };
    // Saving on every keystroke would rewrite the whole draft each time; a pause in typing is enough.
    const subscription = form.watch(() => {
      clearTimeout(pending);
      pending = setTimeout(save, typingPauseMs);
    });
    // A reload, a closed tab or a crash of the page inside the pause still keeps the last keystrokes.
    window.addEventListener('pagehide', save);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener('pagehide', save);
      if (pending !== undefined) save();
    };
  }, [config.pageId, form]);

  // A page opened on a later step (a link, a reload) whose earlier answers are incomplete goes back
  // to the first step that needs them.
  useEffect(() => {
    if (draft?.sent || stepIndex <= 1) return;
    const invalid = invalidPaths(config, form.getValues());
    if (invalid.size === 0) return;
    const first = config.steps.findIndex((_, index) =>
      stepFieldPaths(config, model, index).some((path) => invalid.has(path)),
    );
    // The entries of the steps before this one exist (see useStepHistory): walk back to that one.
    if (first >= 1 && first < stepIndex) window.history.go(first - stepIndex);
    // Once, for the step the page opened on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (focusRequest === 0) return;
    // After the errors render: the first invalid control of the step in reading order, which is
    // not always a registered field (the platforms rule marks the first platform input).
    const frame = requestAnimationFrame(() => {
      const invalid = document.querySelector<HTMLElement>(
        '.step:not([hidden]) [aria-invalid="true"]',
      );
      const target = invalid?.matches('input, textarea, select, button')
        ? invalid
        : invalid?.querySelector<HTMLElement>('input, textarea');
      target?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [focusRequest]);

  // A step that fails has every control marked touched, so each revalidates as it is corrected.
  const validateStep = async (index: number) => {
    const paths = stepFieldPaths(config, model, index);
    // A step that passes is left without a synchronous update of the form's state: that update
    // would re-render every field of the step being left, in the frame that shows the next one. A
    // mark left from an earlier check (a field refused before it was corrected, whose own check
    // waits for its blur) is cleared after that frame, before Back could show it.
    const invalid = invalidPaths(config, form.getValues());
    if (paths.every((path) => !invalid.has(path))) {
      setAttention(null);
      const marked = paths.filter((path) => form.getFieldState(path).invalid);
      if (marked.length > 0) startTransition(() => form.clearErrors(marked));
      return true;
    }
    const isValid = await form.trigger(paths, { shouldTouch: true });
    if (isValid) setAttention(null);
    else {
      reportInsight({
        type: 'refused',
        step: index,
        paths: paths.filter((path) => form.getFieldState(path).invalid),
        form: config,
      });
      sayWhatNeedsAttention(paths);
      setFocusRequest((count) => count + 1);
    }
    return isValid;
  };

  const submit = async (isLeaving: boolean): Promise<boolean> => {
    // The whole application is checked before it is sent, not only this step: answers restored from a
    // draft were never validated in this page.
    const stepPaths = config.steps.map((_, index) =>
      stepFieldPaths(config, model, index),
    );
    if (!(await form.trigger(stepPaths.flat(), { shouldTouch: true }))) {
      const firstInvalidStep = stepPaths.findIndex((paths) =>
        paths.some((path) => form.getFieldState(path).invalid),
      );
      if (firstInvalidStep >= 0 && firstInvalidStep !== stepIndex)
        goTo(firstInvalidStep);
      sayWhatNeedsAttention(
        stepPaths[firstInvalidStep] ?? [],
        firstInvalidStep,
      );
      setFocusRequest((count) => count + 1);
      return false;
    }
    idempotencyKey.current ??= newIdempotencyKey();
    writeDraft(config.pageId, { idempotencyKey: idempotencyKey.current });
    setIsBusy(true);
    setServerError(null);
    setNotice(null);
    const answer =
      hasBotCheck || botCheck.isStarted() ? await botCheck.answer() : null;
    const sent = await submitApplication({
      url: sendsTo,
      // The language the form was read in, which the receipt and later messages follow.
      payload: {
        ...buildPayload(form.getValues(), model),
        language: config.lang,
        ...hiddenValuesFor(config),
      },
      idempotencyKey: idempotencyKey.current,
      visitSource: visitSourceHeader(config.pageId),
      formVersion: version,
      botCheck: answer,
    });
    if (!sent.ok && 'changedTo' in sent) {
      // Rare, so its code is loaded only now; the form served now takes this one's place.
      const changed = await import('./form-change.ts')
        .then(({ changeToPublishedForm }) =>
          changeToPublishedForm(
            config,
            form.getValues(),
            idempotencyKey.current,
          ),
        )
        .catch(() => null);
      setIsBusy(false);
      if (changed) onFormChanged(changed);
      else setServerError(model.texts.submitError);
      return false;
    }
    setIsBusy(false);
    if (!sent.ok && 'closed' in sent) {
      setClosedMessage(sent.closed);
      return false;
    }
    if (!sent.ok && 'botCheckFailed' in sent) {
      // A new answer for the next Send; a form turned on since the page loaded starts here.
      botCheck.renew();
      setServerError(model.texts.botCheckFailed);
      return false;
    }
    if (!sent.ok) {
      // Answers the server named go back to their step with its words; anything else, the
      // general message.
      const formPaths = stepPaths.flat();
      const named = sent.issues.filter((issue) =>
        formPaths.includes(issue.path),
      );
      if (named.length === 0) {
        setServerError(model.texts.submitError);
        return false;
      }
      for (const issue of named)
        form.setError(issue.path, { type: 'server', message: issue.message });
      const namedPaths = named.map((issue) => issue.path);
      const step = stepPaths.findIndex((paths) =>
        paths.some((path) => namedPaths.includes(path)),
      );
      if (step >= 0 && step !== stepIndex) goTo(step);
      sayWhatNeedsAttention(namedPaths, step);
      setFocusRequest((count) => count + 1);
      return false;
    }
    // A retry reuses the key so the server stores the application once; the next application is new.
    // No answers stay behind in the tab once they are sent.
    isSubmitted.current = true;
    idempotencyKey.current = null;
    const email = String(getAt(form.getValues(), emailPath) ?? '').trim();
    clearDraft(config.pageId);
    forgetPrefilledAnswers(config.pageId);
    // Only that it was sent, and the address it names, stay: a reload shows the last step rather
    // than a fresh form.
    writeDraft(config.pageId, {
      stepIndex: stepCount - 1,
      sent: true,
      sentEmail: email,
    });
    setSentEmail(email);
    trackEvent('Form Submitted', {}, isLeaving);
    reportInsight({ type: 'submitted' }, isLeaving);
    tellHostPage({ type: 'submitted' });
    return true;
  };

  const onContinue = async () => {
    if (isContinuing.current) return;
    isContinuing.current = true;
    try {
      await continueFrom(stepIndex);
    } finally {
      isContinuing.current = false;
    }
  };

  const continueFrom = async (stepIndex: number) => {
    switch (continueActionFor(stepIndex, stepCount, config.skipFinalStep)) {
      case 'advance':
        goTo(stepIndex + 1);
        return;
      case 'validateAndAdvance':
        if (await validateStep(stepIndex)) goTo(stepIndex + 1);
        return;
      case 'submitAndAdvance':
        if ((await validateStep(stepIndex)) && (await submit(false)))
          goTo(stepIndex + 1);
        return;
      case 'submitAndRedirect':
        trackEvent('Sign In Clicked', {}, true);
        reportInsight({ type: 'signIn' }, true);
        if ((await validateStep(stepIndex)) && (await submit(true)))
          window.location.assign(config.signInUrl);
        return;
      case 'redirect':
        trackEvent('Sign In Clicked', {}, true);
        reportInsight({ type: 'signIn' }, true);
        window.location.assign(config.signInUrl);
    }
  };

  return {
    form,
    model,
    onContinue,
    isBusy,
    serverError,
    closedMessage,
    sentEmail,
    // Said on the step it is about only; a step left behind keeps nothing to say.
    attention: attention?.stepIndex === stepIndex ? attention.text : null,
    notice: notice?.stepIndex === stepIndex ? notice.text : null,
  };
}
