import type { Device, VisitSource } from '#engine/insights.ts';

/** The visit of this tab: a random id and where it came from; nothing about the person. */
export type Visit = VisitSource & {
  id: string;
  device: Device;
  /** When it began, by this browser's clock (`Date.now()`). */
  startedAt: number;
  /** Whether the visit itself has been reported, so a reload does not count it again. */
  isReported: boolean;
};

/** Each call's visit apart: a tab that goes on to another call's page begins a visit there. */
const visitKey = (call: string) => `wizard-visit:${call}`;

export function readVisit(call: string): Visit | null {
  try {
    const parsed = JSON.parse(
      sessionStorage.getItem(visitKey(call)) ?? 'null',
    ) as Partial<Visit> | null;
    return typeof parsed?.id === 'string' &&
      typeof parsed.startedAt === 'number'
      ? (parsed as Visit)
      : null;
  } catch {
    return null;
  }
}

export function writeVisit(call: string, visit: Visit): void {
  try {
    sessionStorage.setItem(visitKey(call), JSON.stringify(visit));
  } catch {
    // Private modes and full quotas throw; the visit is then counted again after a reload.
  }
}

/** The source of this tab's visit of a call, as the submission's `Visit-Source` header carries it; null without a visit. */
export function visitSourceHeader(call: string): string | null {
  const visit = readVisit(call);
  if (!visit) return null;
  const { utmSource, utmMedium, utmCampaign, referrer } = visit;
  return new URLSearchParams(
    Object.entries({ utmSource, utmMedium, utmCampaign, referrer }).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  ).toString();
}
