import type { Browser, CDPSession, Page } from '@playwright/test';
/** What the benchmarks read from a Chromium performance trace and a V8 CPU profile. */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time inside the event, which another process's load does not lengthen. */
  tdur?: number;
  tid: number;
  pid: number;
  args?: {
    name?: string;
    data?: { url?: string; functionName?: string; type?: string };
    /** ParseHTML's: the document parsed. */
    beginData?: { url?: string };
  };
}

interface ProfileNode {
  id: number;
  callFrame: {
    functionName: string;
    url: string;
    lineNumber: number;
    columnNumber: number;
  };
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export const traceCategories = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
];

/**
 * The events of the page's renderer main thread: the CrRendererMain that parsed a document of
 * `origin` when one is given, else the one that ran the most (the other is about:blank's). A fresh
 * Chromium also renders its new-tab page, which can run more than the page itself.
 */
export function rendererMainEvents(
  trace: Buffer | { traceEvents: TraceEvent[] },
  origin?: string,
): TraceEvent[] {
  const { traceEvents: events } = Buffer.isBuffer(trace)
    ? (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] })
    : trace;
  const threadOf = (event: TraceEvent) => `${event.pid}/${event.tid}`;
  const parser = origin
    ? events.find(
        (event) =>
          event.name === 'ParseHTML' &&
          (event.args?.beginData?.url ?? '').startsWith(origin),
      )
    : undefined;
  if (parser)
    return events.filter((event) => threadOf(event) === threadOf(parser));
  const busiest = new Map<string, number>();
  for (const event of events)
    if (event.name === 'RunTask')
      busiest.set(
        threadOf(event),
        (busiest.get(threadOf(event)) ?? 0) + (event.dur ?? 0),
      );
  const renderers = new Set(
    events
      .filter(
        (event) =>
          event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
      )
      .map(threadOf),
  );
  const main = [...renderers].sort(
    (a, b) => (busiest.get(b) ?? 0) - (busiest.get(a) ?? 0),
  )[0];
  return events.filter((event) => threadOf(event) === main);
}

/** The complete events inside `task` of at least `minMs`, named with what they ran: "Layout 12". */
export function eventsInside(
  events: TraceEvent[],
  task: TraceEvent,
  minMs: number,
): string[] {
  const end = task.ts + (task.dur ?? 0);
  const named = events
    .filter(
      (event) =>
        event !== task &&
        event.ph === 'X' &&
        event.ts >= task.ts &&
        event.ts + (event.dur ?? 0) <= end &&
        (event.dur ?? 0) >= minMs * 1000,
    )
    .map((event) => {
      const data = event.args?.data;
      const what =
        data?.functionName || data?.type || data?.url?.split('/').pop();
      return `${event.name}${what ? ` (${what})` : ''} ${((event.dur ?? 0) / 1000).toFixed(0)}`;
    });
  return [...new Set(named)];
}

/**
 * Milliseconds per function in the profile, between two trace timestamps if given: its own time
 * (`self`), or with everything it called (`inclusive`).
 */
export function functionTimes(
  profile: CpuProfile,
  kind: 'self' | 'inclusive',
  window: { from: number; to: number } = { from: -Infinity, to: Infinity },
): [string, number][] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parentOf.set(child, node.id);
  const nameOf = (node: ProfileNode) =>
    `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').pop() ?? ''}:${node.callFrame.lineNumber}`;
  const times = new Map<string, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    if (at < window.from || at > window.to) return;
    const names = new Set<string>();
    for (
      let node = byId.get(id);
      node;
      node =
        kind === 'inclusive' ? byId.get(parentOf.get(node.id) ?? -1) : undefined
    )
      names.add(nameOf(node));
    for (const name of names)
      times.set(name, (times.get(name) ?? 0) + delta / 1000);
  });
  return [...times.entries()].sort((a, b) => b[1] - a[1]);
}

/**
 * Runs `work` with the page traced and its main thread profiled (V8 sampling profiler, 100 µs):
 * answers the renderer main thread's events and the profile.
 */
export async function traced(
  browser: Browser,
  page: Page,
  cdp: CDPSession,
  work: () => Promise<void>,
): Promise<{ events: TraceEvent[]; profile: CpuProfile }> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await browser.startTracing(page, { categories: traceCategories });
  await work();
  const buffer = await browser.stopTracing();
  const { profile } = (await cdp.send('Profiler.stop')) as {
    profile: CpuProfile;
  };
  return { events: rendererMainEvents(buffer), profile };
}
