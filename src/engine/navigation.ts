/** What Continue (or Sign In) does on a step: advance, validate, send or redirect. */
export type ContinueAction =
  /** Step 0: advance with no validation. */
  | 'advance'
  /** A middle step: touch and validate the step's controls, then advance. */
  | 'validateAndAdvance'
  /** The second-to-last step when `skipFinalStep` is false: validate everything and send, then advance. */
  | 'submitAndAdvance'
  /** The last step when `skipFinalStep` is true: validate, send, then redirect to the sign-up page. */
  | 'submitAndRedirect'
  /** The last step when `skipFinalStep` is false: the application is already sent. */
  | 'redirect';

export function continueActionFor(
  stepIndex: number,
  stepCount: number,
  skipFinalStep: boolean,
): ContinueAction {
  const last = stepCount - 1;
  if (stepIndex >= last)
    return skipFinalStep ? 'submitAndRedirect' : 'redirect';
  if (stepIndex === 0) return 'advance';
  if (stepIndex === last - 1 && !skipFinalStep) return 'submitAndAdvance';
  return 'validateAndAdvance';
}

/** Back exists above step 0 and never on the last step. */
export function canGoBack(stepIndex: number, stepCount: number): boolean {
  return stepIndex > 0 && stepIndex < stepCount - 1;
}

export type StepStatus = 'completed' | 'active' | 'pending';

export function stepStatus(index: number, current: number): StepStatus {
  if (index < current) return 'completed';
  return index === current ? 'active' : 'pending';
}

/** The cover image for a step: one per step 0-3, or the only one in single-image mode. */
export function coverIndexFor(stepIndex: number, coverCount: number): number {
  return Math.min(stepIndex, coverCount - 1);
}

/** A step's name in the address bar, `?step=more-details`, from its name; the first step has none. */
export function stepSlugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');
}

/** The address of a step: the page itself for the first, `?step=…` for the others. */
export function stepSearchOf(
  steps: readonly { name: string }[],
  stepIndex: number,
): string {
  const step = steps[stepIndex];
  return stepIndex > 0 && step
    ? `?step=${encodeURIComponent(stepSlugOf(step.name))}`
    : '';
}

/** The step an address names, or null when it names none the configuration has. */
export function stepFromSearch(
  steps: readonly { name: string }[],
  search: string,
): number | null {
  const named = /[?&]step=([^&#]*)/.exec(search)?.[1];
  if (!named) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(named.replace(/\+/g, ' '));
  } catch {
    return null;
  }
  const index = steps.findIndex((step) => stepSlugOf(step.name) === slug);
  return index > 0 ? index : null;
}
