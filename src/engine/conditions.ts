import type { Condition } from './config-schema.ts';
import { getAt, isEmptyValue } from './paths.ts';

/** Evaluates one `showOnCondition` / `disableOnCondition` against the current answers. */
export function isConditionMet(condition: Condition, values: unknown): boolean {
  const value = getAt(values, condition.path);
  if ('equals' in condition) return value === condition.equals;
  if ('oneOf' in condition)
    return condition.oneOf.some((option) => option === value);
  return isEmptyValue(value) !== condition.filled;
}

export type ConditionalRule = {
  showOn?: Condition | undefined;
  disableOn?: Condition | undefined;
};

/**
 * A field is shown when its own condition holds and the field its condition reads is shown too,
 * so a follow-up of a hidden question is hidden with it.
 */
export function isShown(
  path: string,
  values: unknown,
  rules: ReadonlyMap<string, ConditionalRule>,
  seen: ReadonlySet<string> = new Set(),
): boolean {
  const condition = rules.get(path)?.showOn;
  if (!condition) return true;
  if (seen.has(path)) return false;
  return (
    isConditionMet(condition, values) &&
    isShown(condition.path, values, rules, new Set([...seen, path]))
  );
}

/** Disabled by its own condition, or because the answer that shows it is disabled (a follow-up of a greyed-out question). */
export function isDisabled(
  path: string,
  values: unknown,
  rules: ReadonlyMap<string, ConditionalRule>,
  seen: ReadonlySet<string> = new Set(),
): boolean {
  const rule = rules.get(path);
  if (!rule || seen.has(path)) return false;
  if (rule.disableOn && isConditionMet(rule.disableOn, values)) return true;
  return rule.showOn
    ? isDisabled(rule.showOn.path, values, rules, new Set([...seen, path]))
    : false;
}

/** Hidden or disabled fields have their validators cleared and their values left out of the payload. */
export function isActive(
  path: string,
  values: unknown,
  rules: ReadonlyMap<string, ConditionalRule>,
): boolean {
  return isShown(path, values, rules) && !isDisabled(path, values, rules);
}
