import {
  clickIdParameters,
  clickIdPattern,
  maxLabelLength,
} from '#engine/source-parameters.ts';
import type { InsightEvent, VisitSource } from '#engine/insights.ts';
import { languageTagPattern } from '#engine/languages/language-tags.ts';
import { stepIdsOf } from '#engine/step-ids.ts';
import type {
  Landing,
  StepsOfForm,
  TimedEvent,
  WizardEvent,
} from './insights.ts';
import {
  readVisit,
  visitSourceOf,
  writeVisit,
  type Visit,
} from './insights-visit.ts';
import { newIdempotencyKey } from './submit-application.ts';

const address = '/api/events';
/** Events wait this long for others to go with them, unless the page is hidden or left first. */
const batchDelayMs = 2000;
const maxBatch = 20;

/** A label from the address as the server takes it: at most 100 characters, no control characters. */
const labelOf = (value: string | null) =>
  value?.replace(/\p{Cc}/gu, '').slice(0, maxLabelLength) || undefined;

/** The ad platforms' click ids the address carries, each only as their links write one. */
export function clickIdsIn(
  query: URLSearchParams,
): Pick<VisitSource, 'gclid' | 'fbclid' | 'ttclid'> {
  const ids: Pick<VisitSource, 'gclid' | 'fbclid' | 'ttclid'> = {};
  for (const name of clickIdParameters) {
    const value = query.get(name);
    if (value !== null && clickIdPattern.test(value)) ids[name] = value;
  }
  return ids;
}

function newVisit({ search, referrer }: Landing): Visit {
  const query = new URLSearchParams(search);
  let referrerHost: string | undefined;
  try {
    const host = new URL(referrer).host;
    // A page of this site (a reload, a link back) is not where the visit came from; a host longer
    // than a label is refused by the server, and the visit is worth more than its referrer.
    if (host && host !== window.location.host && host.length <= maxLabelLength)
      referrerHost = host;
  } catch {
    // No referrer, or none a browser would send.
  }
  return {
    id: newIdempotencyKey(),
    startedAt: Date.now(),
    // Only phone or desktop: a user agent says far more, and none of it is needed.
    device: /Mobi|Android/i.test(navigator.userAgent) ? 'phone' : 'desktop',
    utmSource: labelOf(query.get('utm_source')),
    utmMedium: labelOf(query.get('utm_medium')),
    utmCampaign: labelOf(query.get('utm_campaign')),
    ref: labelOf(query.get('ref')),
    referrer: referrerHost,
    ...clickIdsIn(query),
    isReported: false,
  };
}

const stepIds = new WeakMap<StepsOfForm, string[]>();

/** The id of the step at `index` of the form: the one the server counts it under. */
function stepIdAt(form: StepsOfForm, index: number): string {
  let ids = stepIds.get(form);
  if (!ids) {
    ids = stepIdsOf(form);
    stepIds.set(form, ids);
  }
  return ids[index] ?? '';
}

/** An event as the server takes it: a step named by its id, the time since the visit began. */
function reported(event: WizardEvent, ms: number): InsightEvent {
  switch (event.type) {
    case 'step':
      return { type: 'step', step: stepIdAt(event.form, event.step), ms };
    case 'refused':
      return {
        type: 'refused',
        step: stepIdAt(event.form, event.step),
        paths: event.paths,
        ms,
      };
    default:
      return { type: event.type, ms };
  }
}

/**
 * Reports the visit's events to the server in batches, with `sendBeacon`, which outlives the page
 * (a redirect to sign-up, a closed tab). Returns the function that takes each event.
 */
export function startReporter(
  call: string,
  landing: Landing,
): (event: TimedEvent) => void {
  const visit = readVisit(call) ?? newVisit(landing);
  const reportedVisit = {
    id: visit.id,
    device: visit.device,
    ...visitSourceOf(visit),
  };
  let queue: InsightEvent[] = visit.isReported
    ? []
    : [{ type: 'visit', ms: 0 }];
  writeVisit(call, { ...visit, isReported: true });
  // The language the server wrote the page in, so insights count visits per language.
  const { lang } = document.documentElement;
  const language = languageTagPattern.test(lang) ? lang : undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (queue.length === 0) return;
    const body = JSON.stringify({
      call,
      visit: { ...reportedVisit, language },
      events: queue,
    });
    queue = [];
    const isQueued = navigator.sendBeacon(
      address,
      new Blob([body], { type: 'application/json' }),
    );
    if (!isQueued)
      void fetch(address, {
        method: 'POST',
        body,
        headers: { 'Content-Type': 'application/json' },
        keepalive: true,
      }).catch(() => {});
  };
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  if (queue.length > 0) timer = setTimeout(flush, batchDelayMs);

  return ({ at, isLeaving, ...event }) => {
    queue.push(reported(event, Math.max(0, at - visit.startedAt)));
    if (isLeaving || queue.length >= maxBatch) flush();
    else timer ??= setTimeout(flush, batchDelayMs);
  };
}
