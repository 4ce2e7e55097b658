import type { WizardConfig } from '#engine/config-schema.ts';

export type EventProperties = Record<string, string | number | boolean>;
type Event = { name: string; properties: EventProperties; isLeaving: boolean };

// Identities are sent without Mixpanel's device prefix.
const devicePrefix = '$device:';

let send: ((event: Event) => void) | null = null;
/** Events tracked before the SDK arrives; null when analytics is off, so nothing is kept. */
let pending: Event[] | null = null;

/** Tracks an event when analytics is configured; `isLeaving` sends it with a beacon that survives a redirect. */
export function trackEvent(
  name: string,
  properties: EventProperties = {},
  isLeaving = false,
): void {
  const event = { name, properties, isLeaving };
  if (send) send(event);
  else pending?.push(event);
}

/**
 * Loads Mixpanel's core (no session recorder) only when a token is configured, with persistence off
 * and no batching. A failure to load leaves the form untouched: events are simply dropped.
 */
export async function startAnalytics(
  settings: WizardConfig['analytics'],
): Promise<void> {
  if (!settings) return;
  pending = [];
  try {
    const { default: mixpanel } =
      await import('mixpanel-browser/src/loaders/loader-module-core');
    mixpanel.init(settings.token, {
      api_host: settings.host,
      disable_persistence: true,
      batch_requests: false,
      track_pageview: false,
      autocapture: false,
      ip: false,
    });
    const identity = String(mixpanel.get_distinct_id() ?? '');
    if (identity.startsWith(devicePrefix))
      mixpanel.register({ distinct_id: identity.slice(devicePrefix.length) });
    send = (event) =>
      mixpanel.track(
        event.name,
        event.properties,
        event.isLeaving ? { transport: 'sendBeacon' } : {},
      );
    pending.forEach(send);
  } catch {
    // Analytics is never worth breaking an application for.
  } finally {
    pending = null;
  }
}
