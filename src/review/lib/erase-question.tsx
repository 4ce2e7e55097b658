import { messageOf } from './api.ts';

/**
 * The question an erasure asks before it goes ahead: what goes, the step forward (the final one in
 * the danger colour, inert while it runs), a way to keep everything, and a refusal where it was asked.
 */
export function EraseQuestion({
  name,
  question,
  proceed,
  keepLabel,
  onKeep,
  failure,
}: {
  /** The group's accessible name. */
  name: string;
  question: string;
  proceed: {
    label: string;
    onClick: () => void;
    isFinal: boolean;
    isPending?: boolean;
  };
  keepLabel: string;
  onKeep: () => void;
  failure: Error | null;
}) {
  return (
    <div className="erase erase--asking" role="group" aria-label={name}>
      <p className="erase__question">{question}</p>
      <button
        type="button"
        className={`button ${proceed.isFinal ? 'button--danger' : 'button--outlined'}`}
        aria-disabled={proceed.isPending}
        onClick={() => {
          if (!proceed.isPending) proceed.onClick();
        }}
      >
        {proceed.label}
      </button>
      <button
        type="button"
        className="button button--outlined"
        onClick={onKeep}
      >
        {keepLabel}
      </button>
      {failure && (
        <p className="field__error" role="alert">
          {messageOf(failure)}
        </p>
      )}
    </div>
  );
}
