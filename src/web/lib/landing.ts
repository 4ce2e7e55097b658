import {
  hiddenFieldsOf,
  hiddenValuesIn,
  prefillPrefix,
} from '#engine/hidden-fields.ts';

/**
 * What the address a visit landed on hands the form: its hidden fields' values (the partner that
 * sent the applicant) and the answers it fills in (`prefill.<answer path>=…`), by path.
 */
export type LandingValues = {
  hidden: Record<string, string>;
  prefill: Record<string, string>;
};

/** Each call's apart, like its visit: a tab that goes on to another call's page lands there anew. */
const landingKey = (call: string) => `wizard-landing:${call}`;

/** The values of this page's visits, for a frame whose storage is refused. */
const inPage = new Map<string, LandingValues>();

/** The values of the form's hidden fields and the answers to fill in that an address carries. */
export function landingValuesIn(
  search: string,
  config: { hiddenFields: readonly string[] },
): LandingValues {
  const query = new URLSearchParams(search);
  const prefill: Record<string, string> = {};
  for (const [name, value] of query)
    if (name.startsWith(prefillPrefix) && name.length > prefillPrefix.length)
      prefill[name.slice(prefillPrefix.length)] = value;
  return { hidden: hiddenValuesIn(query, hiddenFieldsOf(config)), prefill };
}

function readStored(call: string): LandingValues | null {
  try {
    const parsed = JSON.parse(
      sessionStorage.getItem(landingKey(call)) ?? 'null',
    ) as Partial<LandingValues> | null;
    return parsed &&
      typeof parsed.hidden === 'object' &&
      typeof parsed.prefill === 'object'
      ? { hidden: parsed.hidden ?? {}, prefill: parsed.prefill ?? {} }
      : null;
  } catch {
    return null;
  }
}

const isEmpty = (values: LandingValues) =>
  Object.keys(values.hidden).length === 0 &&
  Object.keys(values.prefill).length === 0;

function store(call: string, values: LandingValues): void {
  inPage.set(call, values);
  try {
    // A landing with nothing to keep leaves nothing in the tab.
    if (isEmpty(values)) sessionStorage.removeItem(landingKey(call));
    else sessionStorage.setItem(landingKey(call), JSON.stringify(values));
  } catch {
    // Private modes, full quotas and frames whose storage the browser partitions away throw.
  }
}

/**
 * Notes, once per visit of a call, what its landing address hands the form: the wizard soon
 * replaces the address with the step's, and a reload must still send the partner that sent the
 * applicant. Kept for the tab only (session storage, no cookie), so it works in another site's
 * frame; where even that storage is refused, for this page.
 */
export function keepLandingValues(
  config: { pageId: string; hiddenFields: readonly string[] },
  search: string,
): void {
  const stored = readStored(config.pageId);
  if (stored) inPage.set(config.pageId, stored);
  else store(config.pageId, landingValuesIn(search, config));
}

/** Once the application is sent no answer stays behind in the tab, not even one the address gave. */
export function forgetPrefilledAnswers(call: string): void {
  store(call, { ...landingValuesOf(call), prefill: {} });
}

/** What the visit of a call landed with; nothing when it landed with nothing, or was not noted. */
export function landingValuesOf(call: string): LandingValues {
  return inPage.get(call) ?? readStored(call) ?? { hidden: {}, prefill: {} };
}

/**
 * The hidden values an application of the form carries: those the visit landed with that the form
 * still records (it may have changed since), or none, so the payload has no `hidden` at all.
 */
export function hiddenValuesFor(config: {
  pageId: string;
  hiddenFields: readonly string[];
}): { hidden?: Record<string, string> } {
  const names = hiddenFieldsOf(config);
  const hidden = Object.fromEntries(
    Object.entries(landingValuesOf(config.pageId).hidden).filter(
      ([name, value]) => names.includes(name) && typeof value === 'string',
    ),
  );
  return Object.keys(hidden).length > 0 ? { hidden } : {};
}
