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

/** The visits of this page, for a frame on another site whose storage the browser refuses. */
const inPage = new Map<string, Visit>();

export function readVisit(call: string): Visit | null {
  try {
    const parsed = JSON.parse(
      sessionStorage.getItem(visitKey(call)) ?? 'null',
    ) as Partial<Visit> | null;
    return typeof parsed?.id === 'string' &&
      typeof parsed.startedAt === 'number'
      ? (parsed as Visit)
      : (inPage.get(call) ?? null);
  } catch {
    return inPage.get(call) ?? null;
  }
}

export function writeVisit(call: string, visit: Visit): void {
  inPage.set(call, visit);
  try {
    sessionStorage.setItem(visitKey(call), JSON.stringify(visit));
  } catch {
    // Private modes and full quotas throw; the visit is then counted again after a reload.
  }
}

/** Every field of a visit's source, so a field the source gains is sent once it is listed here. */
const sourceFields: Record<keyof VisitSource, true> = {
  utmSource: true,
  utmMedium: true,
  utmCampaign: true,
  ref: true,
  referrer: true,
  gclid: true,
  fbclid: true,
  ttclid: true,
};

/** Where a visit came from: the fields it has of its source, without its id, device and times. */
export function visitSourceOf(visit: Visit): Record<string, string> {
  return Object.fromEntries(
    Object.keys(sourceFields).flatMap((field) => {
      const value = visit[field as keyof VisitSource];
      return typeof value === 'string' ? [[field, value]] : [];
    }),
  );
}

/** The source of this tab's visit of a call, as the submission's `Visit-Source` header carries it; null without a visit. */
export function visitSourceHeader(call: string): string | null {
  const visit = readVisit(call);
  return visit && new URLSearchParams(visitSourceOf(visit)).toString();
}
