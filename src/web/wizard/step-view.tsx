import type { FormEvent, MouseEvent, ReactNode } from 'react';
import { applicantPagePath, callsPath } from '#engine/sync-page.ts';
import type { WizardConfig } from '#engine/config-schema.ts';
import { canGoBack } from '#engine/navigation.ts';
import type { Texts } from '#engine/texts.ts';

type StepViewProps = {
  config: WizardConfig;
  texts: Texts;
  stepIndex: number;
  /** A step rendered ahead of time beside the current one, for Continue or Back to reveal. */
  isHidden?: boolean;
  children: ReactNode;
  onContinue: () => void;
  onBack: () => void;
  isBusy: boolean;
  /** Why the last send failed, when the applicant cannot fix it in an answer: they may try again. */
  serverError: string | null;
  /** The call is not open, in its own words: nothing can be sent, and the open calls are elsewhere. */
  closedMessage?: string | null;
  /** After a refused Continue: how many answers need attention and which; read out, not shown. */
  attention?: string | null;
  /** Said and shown under the heading, where the applicant starts reading: the form has changed. */
  notice?: string | null;
  /** Opens the box that e-mails a link to the answers; absent where nothing is left to save. */
  onSaveLater?: (() => void) | undefined;
};

/** Each step's heading has its own id: the next step may already be rendered, hidden, beside it. */
export const stepHeadingIdOf = (stepIndex: number) =>
  `step-heading-${stepIndex}`;

/** The heading, blocks, Back and Continue (or Sign In) of the current step, and the server error under them. */
export function StepView({
  config,
  texts,
  stepIndex,
  isHidden = false,
  children,
  onContinue,
  onBack,
  isBusy,
  serverError,
  closedMessage = null,
  attention = null,
  notice = null,
  onSaveLater,
}: StepViewProps) {
  const step = config.steps[stepIndex];
  if (!step) return null;
  const stepCount = config.steps.length;
  const isLast = stepIndex === stepCount - 1;
  const confirmLabel = isLast
    ? texts.signIn
    : (step.continueButtonText ?? texts.continue);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isBusy) onContinue();
  };
  // The second click of a double click could land on the next step's Continue once this one has
  // moved on: it never counts as another Continue. (Enter held down goes to the next step's
  // heading, which takes the focus.)
  const ignoreRepeatedClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (event.detail > 1) event.preventDefault();
  };
  return (
    <form
      className="step"
      noValidate
      hidden={isHidden}
      onSubmit={submit}
      aria-labelledby={stepHeadingIdOf(stepIndex)}
    >
      <h1
        id={stepHeadingIdOf(stepIndex)}
        className="step__heading"
        tabIndex={-1}
      >
        {step.heading ?? step.name}
      </h1>
      {notice && (
        <p className="step__notice" role="alert">
          {notice}
        </p>
      )}
      <div className="step__blocks">{children}</div>
      <div className="step__actions">
        {canGoBack(stepIndex, stepCount) && (
          <button
            type="button"
            className={`button button--back button--${config.styleConfig.backButtonStyle}`}
            onClick={onBack}
          >
            {texts.back}
          </button>
        )}
        {!step.hideConfirmButton && (
          <button
            type="submit"
            className="button button--primary"
            aria-disabled={isBusy || undefined}
            onClick={ignoreRepeatedClick}
          >
            {isBusy && <span className="button__spinner" aria-hidden="true" />}
            {confirmLabel}
          </button>
        )}
      </div>
      {onSaveLater && (
        <button
          type="button"
          className="step__later"
          aria-haspopup="dialog"
          onClick={onSaveLater}
        >
          {texts.saveLater}
        </button>
      )}
      {isLast && (
        <p className="step__aside">
          <a href={applicantPagePath}>{texts.followApplication}</a>
        </p>
      )}
      <div className="step__status" role="alert">
        {serverError && <p className="step__server-error">{serverError}</p>}
        {closedMessage && (
          <p className="step__server-error">
            {closedMessage} <a href={callsPath}>{texts.seeOpenCalls}</a>
          </p>
        )}
      </div>
      <p className="visually-hidden" role="status">
        {attention}
      </p>
      {isBusy && (
        <p className="visually-hidden" role="status">
          {texts.sending}
        </p>
      )}
    </form>
  );
}
