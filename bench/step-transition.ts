import { readFileSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { chromiumPath } from '../scripts/ensure-chromium.ts';
import {
  readStepFrames,
  startStepFrames,
  type Transition,
} from '../tests/support/step-frames.ts';
import { startCompiledServer } from './support/compiled-server.ts';
import {
  continueButton,
  fillGeneralInformation,
} from './support/wizard-steps.ts';

// From a click on Continue to the next step complete, its heading and every field painted, in
// Chromium at 4× CPU throttling, with nothing cached by an earlier visit; and whether the heading and
// the fields came in the same frame. Welcome → General Information (after reading Welcome for 3 s),
// then General Information → More Details. Median of 3 fresh runs (BENCH_RUNS sets another count);
// fails past bench/budgets.json. BENCH_READ_MS=1000 clicks 1 s after load instead of 3 s.
const budgets = JSON.parse(
  readFileSync('bench/budgets.json', 'utf8'),
) as Record<string, number>;
const runs = Number(process.env.BENCH_RUNS ?? 3);
const readMs = Number(process.env.BENCH_READ_MS ?? 3000);
async function measureTransition(page: Page, heading: string) {
  await startStepFrames(page, heading);
  await continueButton(page).click();
  return readStepFrames(page, heading);
}

const server = await startCompiledServer();
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ['--no-sandbox', '--disable-gpu'],
});
const results: Record<string, Transition[]> = {
  'Welcome → General Information': [],
  'General Information → More Details': [],
};
for (let run = 0; run < runs; run += 1) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(server.url);
  await page.getByRole('heading', { level: 1, name: 'Welcome!' }).waitFor();
  await page.waitForTimeout(readMs);
  results['Welcome → General Information']?.push(
    await measureTransition(page, 'General Information'),
  );
  await fillGeneralInformation(page);
  results['General Information → More Details']?.push(
    await measureTransition(page, 'More Details'),
  );
  await context.close();
}
await browser.close();
await server.stop();

const budget = budgets.continueToStepCompleteMsMax ?? Infinity;
let isWithin = true;
for (const [name, transitions] of Object.entries(results)) {
  const times = transitions
    .map((transition) => transition.ms)
    .sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? Infinity;
  const isOneFrame = transitions.every((transition) => transition.isOneFrame);
  const ok = median <= budget && isOneFrame;
  if (!ok) isWithin = false;
  process.stdout.write(
    `${name.padEnd(36)} ${median.toFixed(0).padStart(5)} ms  ${isOneFrame ? 'heading and fields in one frame' : 'FIELDS AFTER THE HEADING'}  ${ok ? 'within' : 'OUTSIDE'} max ${budget}  (runs: ${times.map((time) => time.toFixed(0)).join(', ')}; ${transitions[0]?.fieldCount} fields)\n`,
  );
}
process.exit(isWithin ? 0 : 1);
