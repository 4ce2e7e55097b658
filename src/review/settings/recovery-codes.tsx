import { useId, useState } from 'react';
import { saveAs } from '#review/lib/api.ts';
import { OutcomeMessage, type Outcome } from '#review/lib/outcome-message.tsx';
import { useMe } from '#review/lib/use-me.ts';
import { useReviewPage } from '#review/lib/review-page-context.ts';
import { recoveryCodesFile } from './recovery-codes-file.ts';

/**
 * The ten recovery codes, shown once, right after two-step sign-in is turned on: one column, with
 * Copy and Download so that they reach a password manager or a file without being retyped.
 */
export function RecoveryCodes({
  codes,
  onDone,
  doneLabel,
}: {
  codes: string[];
  onDone: () => void;
  doneLabel: string;
}) {
  const id = useId();
  const { organisation } = useReviewPage();
  const me = useMe();
  const [isCopied, setIsCopied] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const file = recoveryCodesFile(codes, {
    organisation,
    email: me?.email ?? '',
  });

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(file.text);
      setIsCopied(true);
      setOutcome(null);
    } catch {
      setOutcome({
        text: 'This browser did not allow copying. Download the codes, or select them and copy them yourself.',
        isError: true,
      });
    }
  };

  return (
    <div
      className="settings__form recovery-codes"
      role="group"
      aria-labelledby={id}
    >
      <h3 id={id} className="settings__heading">
        Your recovery codes
      </h3>
      <p>
        Two-step sign-in is on. Keep these ten codes somewhere safe, apart from
        your phone: each signs you in once when you cannot use your
        authenticator app. They are not shown again.
      </p>
      <ol className="recovery-codes__list">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="recovery-codes__actions">
        <button
          type="button"
          className="button button--outlined"
          onClick={() => void copy()}
        >
          {isCopied ? 'Copied' : 'Copy'}
        </button>
        <button
          type="button"
          className="button button--outlined"
          onClick={() =>
            saveAs(new Blob([file.text], { type: 'text/plain' }), file.name)
          }
        >
          Download
        </button>
      </div>
      <OutcomeMessage outcome={outcome} />
      <button
        type="button"
        className="button button--primary settings__submit"
        onClick={onDone}
      >
        {doneLabel}
      </button>
    </div>
  );
}
