import { chromium } from '@playwright/test';
import { chromiumPath } from '../scripts/ensure-chromium.ts';
import { startCompiledServer } from './support/compiled-server.ts';
import {
  eventsInside,
  functionTimes,
  rendererMainEvents,
  traceCategories,
  type CpuProfile,
  type TraceEvent,
} from './support/trace.ts';

// Where the Welcome page's main-thread time goes: a fresh Chromium at 4× CPU throttling, 412×823,
// loads the compiled server's page; prints the renderer's tasks of 50 ms and more (with their
// largest events, and the thread's CPU time in them, which another process's load lengthens less)
// and the functions with the most self time during the first 6 s (V8 sampling profiler, 200 µs).
// Median of BENCH_RUNS (default 3) for the total of long tasks, and for the CPU time of the
// script's longest task. With TRACE_RESUME_STEP=1 the tab's draft is on that step first, as after
// a reload there.
const runs = Number(process.env.BENCH_RUNS ?? 3);
const resumeStep = process.env.TRACE_RESUME_STEP;
const server = await startCompiledServer();
const totals: number[] = [];
const scriptTotals: number[] = [];
const blockingTotals: number[] = [];
// A long task is the script's when one of these takes at least half of it.
const scriptEvents = new Set([
  'v8.evaluateModule',
  'FunctionCall',
  'RunMicrotasks',
  'TimerFire',
]);
const scriptCpuMaxima: number[] = [];
/** The longest of the script's events inside `task`, in µs. */
const scriptMsIn = (events: TraceEvent[], task: TraceEvent) => {
  const end = task.ts + (task.dur ?? 0);
  return events
    .filter(
      (event) =>
        scriptEvents.has(event.name) &&
        event.ts >= task.ts &&
        event.ts + (event.dur ?? 0) <= end,
    )
    .reduce((longest, event) => Math.max(longest, event.dur ?? 0), 0);
};
for (let run = 0; run < runs; run += 1) {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox'],
  });
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (resumeStep !== undefined) {
    await page.goto(server.url);
    await page.evaluate(
      (stepIndex) =>
        sessionStorage.setItem(
          'wizard-draft:aldmere-creators',
          JSON.stringify({ stepIndex, values: null, idempotencyKey: null }),
        ),
      Number(resumeStep),
    );
    await cdp.send('Network.clearBrowserCache');
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await browser.startTracing(page, { categories: traceCategories });
  await page.goto(server.url);
  await page.waitForTimeout(6000);
  const buffer = await browser.stopTracing();
  const { profile } = (await cdp.send('Profiler.stop')) as {
    profile: CpuProfile;
  };
  await browser.close();

  const onMain = rendererMainEvents(buffer, server.url);
  const longTasks = onMain.filter(
    (event) => event.name === 'RunTask' && (event.dur ?? 0) >= 50_000,
  );
  let total = 0;
  let scriptTotal = 0;
  let blocking = 0;
  process.stdout.write(`run ${run + 1}: long tasks\n`);
  for (const task of longTasks) {
    const inner = eventsInside(onMain, task, 5);
    total += (task.dur ?? 0) / 1000;
    blocking += Math.max(0, (task.dur ?? 0) / 1000 - 50);
    if (scriptMsIn(onMain, task) >= (task.dur ?? 0) / 2)
      scriptTotal += (task.dur ?? 0) / 1000;
    process.stdout.write(
      `  ${((task.dur ?? 0) / 1000).toFixed(0).padStart(5)} ms (${((task.tdur ?? 0) / 1000).toFixed(0)} ms of CPU)  ${inner.slice(0, 12).join(', ')}\n`,
    );
  }
  totals.push(total);
  scriptTotals.push(scriptTotal);
  blockingTotals.push(blocking);
  // Whatever its length on the clock, the CPU time of the script's longest task: the machine's
  // load stretches the one and hardly the other.
  const longestScript = onMain
    .filter(
      (event) =>
        event.name === 'RunTask' &&
        scriptMsIn(onMain, event) >= (event.dur ?? 0) / 2,
    )
    .reduce<TraceEvent | undefined>(
      (longest, event) =>
        (event.tdur ?? 0) > (longest?.tdur ?? 0) ? event : longest,
      undefined,
    );
  scriptCpuMaxima.push((longestScript?.tdur ?? 0) / 1000);
  process.stdout.write(
    `  the script's longest task in CPU time: ${((longestScript?.tdur ?? 0) / 1000).toFixed(0)} ms of CPU (${((longestScript?.dur ?? 0) / 1000).toFixed(0)} ms)  ${longestScript ? eventsInside(onMain, longestScript, 2).slice(0, 8).join(', ') : ''}\n`,
  );

  const top = functionTimes(profile, 'self').slice(0, 12);
  process.stdout.write('  self time:\n');
  for (const [name, ms] of top)
    process.stdout.write(`  ${ms.toFixed(0).padStart(6)} ms  ${name}\n`);
}
await server.stop();
const summary = (name: string, values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${name}: median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms (${sorted[0]?.toFixed(0)}–${sorted.at(-1)?.toFixed(0)})\n`;
};
process.stdout.write(
  summary('long tasks in total', totals) +
    summary("long tasks of the page's script", scriptTotals) +
    summary('their time over 50 ms (as TBT counts it)', blockingTotals) +
    summary(
      "the script's longest task, in CPU time (ms of CPU)",
      scriptCpuMaxima,
    ),
);
