import { percentile } from '../tests/support/percentile.ts';
import { openFormEditor, timeKeystroke } from './support/form-editor.ts';
import { eventsInside, functionTimes, traced } from './support/trace.ts';

// Where a keystroke's time goes in the form editor, until the preview beside it shows the letter:
// the same typing as bench/form-preview.ts (4× CPU), traced and profiled (V8 sampling profiler,
// 100 µs; the preview frame is same-origin, so it runs on the editor's main thread and in the
// profile). Prints each letter's time, then for the slowest letters the renderer's tasks from the
// keydown on (with their largest events), and the functions with the most time over the slowest
// letters' windows, on their own and with what they called. Build the workspace with `minify:
// false` to read the functions by name.
const { browser, page, cdp, close } = await openFormEditor();
const typed = 'SpringPressTripWelcomeAldmere';
const times: number[] = [];
const { events, profile } = await traced(browser, page, cdp, async () => {
  for (let index = 0; index < typed.length; index += 1)
    times.push(await timeKeystroke(page, typed, index));
});
await close();

const keydowns = events.filter(
  (event) =>
    event.name === 'EventDispatch' && event.args?.data?.type === 'keydown',
);
if (keydowns.length !== typed.length)
  throw new Error(`${keydowns.length} keydowns in the trace`);
process.stdout.write(
  `each letter (4× CPU): ${times.map((time) => time.toFixed(0)).join(' ')}\nmedian ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms\n`,
);
// The main thread's CPU time from each keydown to the preview showing its letter: the work a
// keystroke costs, which the machine's load lengthens less than the wall-clock times.
const cpuTimes = times.map((time, index) => {
  const from = keydowns[index]?.ts ?? 0;
  const to = from + time * 1000;
  return events
    .filter(
      (event) =>
        event.name === 'RunTask' && event.ts >= from - 1_000 && event.ts <= to,
    )
    .reduce((sum, task) => sum + (task.tdur ?? 0) / 1000, 0);
});
process.stdout.write(
  `main-thread CPU time per letter (thread time, 4× CPU): ${cpuTimes.map((time) => time.toFixed(0)).join(' ')}\nmedian ${percentile(cpuTimes, 50).toFixed(1)} ms, p95 ${percentile(cpuTimes, 95).toFixed(1)} ms\n`,
);
const slowest = times
  .map((time, index) => ({ time, index }))
  .sort((a, b) => b.time - a.time)
  .slice(0, Math.max(3, Math.ceil(typed.length / 10)));
// The workspace's entry chunk (review-*.js) is React, the router and zod; the app's own components
// are in the chunks it loads, listed on their own so they are not lost among React's frames.
const appFunctions = (times: [string, number][]) =>
  times.filter(([name]) => !/ (review-.*)?:-?\d+$/.test(name));
const windows = slowest.map(({ time, index }) => {
  const from = keydowns[index]?.ts ?? 0;
  return { index, time, from, to: from + time * 1000 };
});
for (const { index, time, from, to } of windows) {
  process.stdout.write(`letter ${index + 1} (${time.toFixed(0)} ms):\n`);
  for (const task of events.filter(
    (event) =>
      event.name === 'RunTask' &&
      event.ts + (event.dur ?? 0) >= from &&
      event.ts <= to &&
      (event.dur ?? 0) >= 1_000,
  )) {
    process.stdout.write(
      `  +${((task.ts - from) / 1000).toFixed(0).padStart(4)} ms  task ${((task.dur ?? 0) / 1000).toFixed(0).padStart(4)} ms  ${eventsInside(events, task, 2).slice(0, 8).join(', ')}\n`,
    );
    const inside = appFunctions(
      functionTimes(profile, 'inclusive', {
        from: task.ts,
        to: task.ts + (task.dur ?? 0),
      }),
    ).slice(0, 4);
    if (inside.length > 0)
      process.stdout.write(
        `            ${inside.map(([name, ms]) => `${name.split(' ')[0]} ${ms.toFixed(1)}`).join(', ')}\n`,
      );
  }
}
const listings = [
  ['self', 'all', 25],
  ['inclusive', 'all', 40],
  ['inclusive', "the app's chunks", 40],
] as const;
for (const [kind, which, count] of listings) {
  const sums = new Map<string, number>();
  for (const window of windows)
    for (const [name, ms] of which === 'all'
      ? functionTimes(profile, kind, window)
      : appFunctions(functionTimes(profile, kind, window)))
      sums.set(name, (sums.get(name) ?? 0) + ms);
  process.stdout.write(
    `functions over the slowest letters' windows (${kind}, ${which}, ms per letter):\n`,
  );
  for (const [name, ms] of [...sums.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count))
    process.stdout.write(
      `  ${(ms / windows.length).toFixed(1).padStart(7)}  ${name}\n`,
    );
}
