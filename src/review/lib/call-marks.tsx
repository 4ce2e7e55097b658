import type { InboxItem } from '#review-api/inbox.ts';
import { lateText, unmetRulesText } from './call-words.ts';

type CallFacts = Pick<InboxItem, 'eligible' | 'eligibility' | 'late'>;

/**
 * Quiet marks of what staff should know of an application in its call: the eligibility rules it
 * misses (a disclosure, so its sentences open by keyboard and are read out, not on hover alone),
 * and whether it came late. Nothing when it meets them all, on time.
 */
export function CallMarks({ facts }: { facts: CallFacts }) {
  const unmet = facts.eligible ? [] : facts.eligibility;
  if (unmet.length === 0 && !facts.late) return null;
  return (
    <span className="call-marks">
      {unmet.length > 0 && (
        <details className="call-marks__unmet">
          <summary className="call-marks__summary">
            {unmetRulesText(unmet.length)}
          </summary>
          <ul className="call-marks__rules">
            {unmet.map((sentence) => (
              <li key={sentence}>{sentence}</li>
            ))}
          </ul>
        </details>
      )}
      {facts.late && (
        <span className="call-marks__late" title={lateText}>
          Late<span className="visually-hidden">: {lateText}</span>
        </span>
      )}
    </span>
  );
}
