import type { Answer, AnswerCodec } from './block-kinds/answer.ts';
import type { Condition } from './config-schema.ts';
import { getAt, isEmptyValue } from './paths.ts';

export type ConditionalRule = {
  showOn?: Condition | undefined;
  disableOn?: Condition | undefined;
  /** Present on the answers of a model: how the server will read the value back. */
  codec?: AnswerCodec | undefined;
};

type Rules = ReadonlyMap<string, ConditionalRule>;

// Where a walk of conditions starts: nothing seen yet. Shared, so the many answers without a
// condition build no set of their own; a walk adds to a copy of it.
const noneSeen: ReadonlySet<string> = new Set();

/**
 * What a condition reads: the answer as the server will see it, that is trimmed as it is sent, and
 * empty when the form does not ask it. The browser and the server then agree on what is shown.
 */
function conditionValue(
  path: string,
  values: unknown,
  rules: Rules,
  seen: ReadonlySet<string>,
): unknown {
  const rule = rules.get(path);
  const value = getAt(values, path);
  if (!rule?.codec) return value;
  const answer = rule as Answer;
  if (
    !isShown(path, values, rules, seen) ||
    isDisabled(path, values, rules, seen)
  )
    return answer.codec.empty(answer);
  const entries = new Map(
    answer.codec
      .encode(value ?? answer.codec.empty(answer), answer)
      .map((entry) => [entry.location, entry.text]),
  );
  return answer.codec.decode(
    { take: (location) => entries.get(location), fail: () => {} },
    answer,
  );
}

/** Evaluates one `showOnCondition` / `disableOnCondition` against the current answers. */
export function isConditionMet(
  condition: Condition,
  values: unknown,
  rules: Rules = new Map(),
  seen: ReadonlySet<string> = noneSeen,
): boolean {
  const value = conditionValue(condition.path, values, rules, seen);
  if ('equals' in condition) return value === condition.equals;
  if ('oneOf' in condition)
    return condition.oneOf.some((option) => option === value);
  return isEmptyValue(value) !== condition.filled;
}

/**
 * A field is shown when its own condition holds and the field its condition reads is shown too,
 * so a follow-up of a hidden question is hidden with it.
 */
export function isShown(
  path: string,
  values: unknown,
  rules: Rules,
  seen: ReadonlySet<string> = noneSeen,
): boolean {
  const condition = rules.get(path)?.showOn;
  if (!condition) return true;
  if (seen.has(path)) return false;
  const inner = new Set([...seen, path]);
  return (
    isConditionMet(condition, values, rules, inner) &&
    isShown(condition.path, values, rules, inner)
  );
}

/** Disabled by its own condition, or because the answer that shows it is disabled (a follow-up of a greyed-out question). */
export function isDisabled(
  path: string,
  values: unknown,
  rules: Rules,
  seen: ReadonlySet<string> = noneSeen,
): boolean {
  const rule = rules.get(path);
  // Most answers have no condition: nothing to walk, and no set to build for it.
  if (!rule?.disableOn && !rule?.showOn) return false;
  if (seen.has(path)) return false;
  const inner = new Set([...seen, path]);
  if (rule.disableOn && isConditionMet(rule.disableOn, values, rules, inner))
    return true;
  return rule.showOn
    ? isDisabled(rule.showOn.path, values, rules, inner)
    : false;
}

/** Hidden or disabled fields have their validators cleared and their values left out of the payload. */
export function isActive(path: string, values: unknown, rules: Rules): boolean {
  return isShown(path, values, rules) && !isDisabled(path, values, rules);
}
