import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useFormContext } from 'react-hook-form';
import type { Texts } from '#engine/texts.ts';
import { givenEmailOf, saveForLater, type SaveOutcome } from './save-draft.ts';

/**
 * The box that e-mails a link to the answers: modal (the browser keeps the focus inside it and
 * gives it back to the link on closing), its address prefilled from the form. Loaded on first use.
 */
export function SaveLaterDialog({
  pageId,
  stepIndex,
  texts,
  onClose,
}: {
  pageId: string;
  stepIndex: number;
  texts: Texts;
  onClose: () => void;
}) {
  const { getValues } = useFormContext<Record<string, unknown>>();
  const [email, setEmail] = useState(() => givenEmailOf(getValues()));
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  const [isSending, setIsSending] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (isSending) return;
    setIsSending(true);
    const saved = await saveForLater(
      { pageId, stepIndex, values: getValues() },
      email,
      texts,
    );
    setOutcome(saved);
    setIsSending(false);
    // The address to correct takes the focus, as a refused Continue gives it to the first answer.
    if (saved.kind === 'invalid') input.current?.focus();
  };
  const isInvalid = outcome?.kind === 'invalid';
  return (
    <dialog
      ref={dialog}
      className="save-later"
      aria-labelledby={`${id}-heading`}
      aria-describedby={`${id}-intro`}
      onClose={onClose}
    >
      <form noValidate onSubmit={(event) => void send(event)}>
        <h2 id={`${id}-heading`} className="save-later__heading">
          {texts.saveLater}
        </h2>
        <p id={`${id}-intro`}>{texts.saveLaterIntro}</p>
        <label className="field__label" htmlFor={`${id}-email`}>
          {texts.saveLaterEmail}
        </label>
        <input
          ref={input}
          id={`${id}-email`}
          className="input"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={isInvalid || undefined}
          aria-describedby={isInvalid ? `${id}-error` : undefined}
        />
        {isInvalid && (
          <p id={`${id}-error`} className="field__error">
            {outcome.message}
          </p>
        )}
        <p className="save-later__status" role="status">
          {outcome?.kind === 'sent' && outcome.message}
        </p>
        <p className="save-later__status" role="alert">
          {outcome?.kind === 'failed' && outcome.message}
        </p>
        <div className="step__actions">
          <button
            type="button"
            className="button button--back"
            onClick={() => dialog.current?.close()}
          >
            {texts.close}
          </button>
          <button
            type="submit"
            className="button button--primary"
            aria-disabled={isSending || undefined}
          >
            {texts.saveLaterSend}
          </button>
        </div>
      </form>
    </dialog>
  );
}
