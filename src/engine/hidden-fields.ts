/**
 * Hidden fields: values the form records from its address (or from the page that embeds it)
 * without asking, such as the partner that sent the applicant. `ref` is recorded by every form, so
 * a partner's link is attributed whatever the form lists.
 */
export const partnerReference = 'ref';

/** A hidden field's name as it stands in an address: lower case, digits and `_`. */
export const hiddenFieldNamePattern = /^[a-z][a-z0-9_]{0,39}$/;
/** What a name breaking `hiddenFieldNamePattern` is told. */
export const hiddenFieldNameRule =
  'Lower-case letters, digits and _, starting with a letter, at most 40';

/** The address parameters the wizard reads for itself, which no hidden field may take. */
export const reservedParameters = ['lang', 'embed', 'step'] as const;

/** The longest value a hidden field keeps; longer ones are cut there. */
export const maxHiddenValueLength = 200;

/** The most hidden fields a form may list. */
export const maxHiddenFields = 20;

/** The address parameter prefix that fills an answer: `prefill.personalInfo.firstName=Ada`. */
export const prefillPrefix = 'prefill.';

/** A form's hidden fields, `ref` first. */
export function hiddenFieldsOf(config: {
  hiddenFields: readonly string[];
}): string[] {
  return [...new Set([partnerReference, ...config.hiddenFields])];
}

/** A value as it is kept: without control characters, trimmed, at most `maxHiddenValueLength` long. */
function cleanHiddenValue(value: string): string {
  return value
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, maxHiddenValueLength);
}

/** The values of the form's hidden fields an address carries; empty ones are left out. */
export function hiddenValuesIn(
  search: { get(name: string): string | null },
  names: readonly string[],
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = cleanHiddenValue(search.get(name) ?? '');
    if (value) values[name] = value;
  }
  return values;
}

/** Why a submitted set of hidden values is refused, by name; null when every one is the form's and clean. */
export function hiddenValuesProblem(
  hidden: Record<string, unknown>,
  names: readonly string[],
): { path: string; message: string } | null {
  for (const [name, value] of Object.entries(hidden)) {
    const path = `hidden.${name}`;
    if (!names.includes(name))
      return {
        path,
        message: `"${name}" is not a hidden field of this form, which has ${names.join(', ')}`,
      };
    if (typeof value !== 'string' || value === '')
      return { path, message: 'Expected text' };
    if (cleanHiddenValue(value) !== value)
      return {
        path,
        message: `At most ${maxHiddenValueLength} characters, no control characters, no spaces around`,
      };
  }
  return null;
}
