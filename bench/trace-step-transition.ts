import { chromium } from '@playwright/test';
import { chromiumPath } from '../scripts/ensure-chromium.ts';
import { startCompiledServer } from './support/compiled-server.ts';
import {
  eventsInside,
  functionTimes,
  rendererMainEvents,
  traceCategories,
  type CpuProfile,
} from './support/trace.ts';
import {
  continueButton,
  fillGeneralInformation,
  openSlowPage,
} from './support/wizard-steps.ts';

// Where the time of one Continue goes: a fresh Chromium at 4× CPU throttling, 1280×800, clicks
// Continue on Welcome (TRACE_FROM=welcome) or, answered, on General Information (the default), 3 s
// after the step showed. Prints the renderer's tasks from the click on (with their largest events),
// the frames painted, and the functions with the most time inside the click's task, what they
// called included (V8 sampling profiler, 100 µs). Build with the client's `minify: false` to read
// the functions by name.
const from = process.env.TRACE_FROM ?? 'general-information';
const server = await startCompiledServer();
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ['--no-sandbox'],
});
const { page, cdp } = await openSlowPage(browser);
await page.goto(server.url);
const heading = (name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true });
await heading('Welcome!').waitFor();
let next = 'General Information';
if (from !== 'welcome') {
  await continueButton(page).click();
  await heading('General Information').waitFor();
  await fillGeneralInformation(page);
  next = 'More Details';
}
await page.waitForTimeout(3000);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Profiler.start');
await browser.startTracing(page, { categories: traceCategories });
await continueButton(page).click();
await heading(next).waitFor();
// What follows the reveal at low priority (the steps beside it) is part of the picture.
await page.waitForTimeout(1500);
const buffer = await browser.stopTracing();
const { profile } = (await cdp.send('Profiler.stop')) as {
  profile: CpuProfile;
};
await browser.close();
await server.stop();

const events = rendererMainEvents(buffer);
const click = events.find(
  (event) =>
    event.name === 'EventDispatch' && event.args?.data?.type === 'click',
);
if (!click) throw new Error('the trace has no click');
const clickTask = events.find(
  (event) =>
    event.name === 'RunTask' &&
    event.ts <= click.ts &&
    event.ts + (event.dur ?? 0) >= click.ts,
);
const since = (ts: number) => ((ts - click.ts) / 1000).toFixed(0);
process.stdout.write(`Continue on ${from}, times from the click (4× CPU):\n`);
for (const task of events.filter(
  (event) =>
    event.name === 'RunTask' &&
    event.ts + (event.dur ?? 0) >= click.ts &&
    event.ts < click.ts + 400_000 &&
    (event.dur ?? 0) >= 2_000,
))
  process.stdout.write(
    `  +${since(task.ts).padStart(4)} ms  task ${((task.dur ?? 0) / 1000).toFixed(0).padStart(4)} ms  ${eventsInside(events, task, 2).slice(0, 10).join(', ')}\n`,
  );
const paints = events
  .filter(
    (event) =>
      event.name === 'Paint' &&
      event.ts >= click.ts &&
      event.ts < click.ts + 400_000,
  )
  .map((event) => since(event.ts));
process.stdout.write(`  painted at +${[...new Set(paints)].join(', +')} ms\n`);
if (clickTask) {
  process.stdout.write("  inside the click's task, with what each called:\n");
  for (const [name, ms] of functionTimes(profile, 'inclusive', {
    from: clickTask.ts,
    to: clickTask.ts + (clickTask.dur ?? 0),
  }).slice(0, 30))
    process.stdout.write(`  ${ms.toFixed(1).padStart(7)} ms  ${name}\n`);
}
