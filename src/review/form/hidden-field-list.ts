import {
  hiddenFieldNamePattern,
  hiddenFieldNameRule,
  maxHiddenFields,
  partnerReference,
  reservedParameters,
} from '#engine/hidden-fields.ts';

/** A hidden field as the editor lists it; `ref` is recorded by every form and cannot be removed. */
export type HiddenFieldRow = { name: string; isAlways: boolean };

/** The form's hidden fields, `ref` first, as the editor lists them. */
export function hiddenFieldRows(
  hiddenFields: readonly string[],
): HiddenFieldRow[] {
  return [
    { name: partnerReference, isAlways: true },
    ...hiddenFields
      .filter((name) => name !== partnerReference)
      .map((name) => ({ name, isAlways: false })),
  ];
}

/** Why a typed name cannot be added to the form's hidden fields; null when it can. */
export function hiddenFieldNameProblem(
  typed: string,
  hiddenFields: readonly string[],
): string | null {
  const name = typed.trim();
  if (name === '') return 'Type a name, such as partner.';
  if (name === partnerReference)
    return `“${partnerReference}” is always recorded.`;
  if ((reservedParameters as readonly string[]).includes(name))
    return `“${name}” is a parameter the form reads for itself: choose another name.`;
  if (!hiddenFieldNamePattern.test(name))
    return `${hiddenFieldNameRule} (such as partner or region_2).`;
  if (hiddenFields.includes(name)) return `“${name}” is already recorded.`;
  if (hiddenFields.length >= maxHiddenFields)
    return `A form records at most ${maxHiddenFields} hidden fields: remove one first.`;
  return null;
}

/** The list with a name added at its end, when it may be; as it was otherwise. */
export function withHiddenField(
  hiddenFields: readonly string[],
  typed: string,
): string[] {
  return hiddenFieldNameProblem(typed, hiddenFields) === null
    ? [...hiddenFields, typed.trim()]
    : [...hiddenFields];
}

/** The list without a name; `ref` stays recorded whatever the list holds. */
export const withoutHiddenField = (
  hiddenFields: readonly string[],
  name: string,
): string[] => hiddenFields.filter((each) => each !== name);
