import { afterNextPaint, whenIdle } from './scheduling.ts';

/** The form a step is of: the reporter names the step by its id there, away from the first page. */
export type StepsOfForm = {
  steps: ReadonlyArray<{ name: string; id?: string | undefined }>;
};

/** What the wizard tells the organisation's own counts; the reporter adds the visit and the time. */
export type WizardEvent =
  | { type: 'step'; step: number; form: StepsOfForm }
  | { type: 'refused'; step: number; paths: string[]; form: StepsOfForm }
  | { type: 'submitted' }
  | { type: 'signIn' };

export type TimedEvent = WizardEvent & { at: number; isLeaving: boolean };

/** Where the applicant landed from, read before the wizard rewrites the address. */
export type Landing = { search: string; referrer: string };

let deliver: ((event: TimedEvent) => void) | null = null;
/** Events reported before the reporter arrives; null when insights are off, so nothing is kept. */
let waiting: TimedEvent[] | null = [];

/** Reports an event of the visit; `isLeaving` sends it at once, before a redirect. */
export function reportInsight(event: WizardEvent, isLeaving = false): void {
  const timed = { ...event, at: Date.now(), isLeaving };
  if (deliver) deliver(timed);
  else waiting?.push(timed);
}

/**
 * Loads the reporter once the first step has painted and the browser is idle: the first page
 * carries only this queue, and no step ever waits for a report.
 */
export function startInsights(
  { insights: isOn, pageId }: { insights: boolean; pageId: string },
  landing: Landing,
): void {
  if (!isOn) {
    waiting = null;
    return;
  }
  afterNextPaint(() =>
    whenIdle(() => {
      import('./insights-reporter.ts')
        .then(({ startReporter }) => {
          // The form's page id is its call's slug.
          const send = startReporter(pageId, landing);
          waiting?.forEach(send);
          waiting = null;
          deliver = send;
        })
        // Counting visits is never worth breaking an application for.
        .catch(() => {
          waiting = null;
        });
    }),
  );
}
