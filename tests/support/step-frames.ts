import type { Page } from '@playwright/test';

/** What a step's fields are: every answer control the applicant can reach (the visible ones count). */
const fields =
  'main input:not([type=hidden]):not([tabindex="-1"]), main textarea, main [role=radiogroup]';

export type Transition = {
  /** From the click to the first frame with the step's heading and all of its fields. */
  ms: number;
  /** Whether the heading's first frame already had every field. */
  isOneFrame: boolean;
  fieldCount: number;
};

/** Samples every frame from now on: when it ran, whether the heading was there, how many fields. */
export async function startStepFrames(
  page: Page,
  heading: string,
): Promise<void> {
  // A string, not a function: tsx would wrap named functions in a helper the page does not have.
  await page.evaluate(`(() => {
    const frames = [];
    Object.assign(window, { stepFrames: frames, clickedAt: 0 });
    document.addEventListener('click', (event) => { window.clickedAt = event.timeStamp; }, { capture: true, once: true });
    function sample() {
      // When this frame's callbacks run, after whatever task delayed it; not its earlier vsync time.
      frames.push({
        at: performance.now(),
        hasHeading: [...document.querySelectorAll('h1')].some((h1) => h1.checkVisibility() && h1.textContent === ${JSON.stringify(heading)}),
        fieldCount: [...document.querySelectorAll(${JSON.stringify(fields)})].filter((field) => field.checkVisibility()).length,
      });
      requestAnimationFrame(sample);
    }
    requestAnimationFrame(sample);
  })()`);
}

/** Waits for the step to settle (the same fields for half a second), then reads the frames. */
export async function readStepFrames(
  page: Page,
  heading: string,
): Promise<Transition> {
  await page
    .getByRole('heading', { level: 1, name: heading, exact: true })
    .waitFor();
  let count = -1;
  for (;;) {
    await page.waitForTimeout(500);
    const now = await page.locator(fields).filter({ visible: true }).count();
    if (now === count) break;
    count = now;
  }
  return page.evaluate(`(() => {
    const headed = window.stepFrames.find((frame) => frame.hasHeading);
    const complete = window.stepFrames.find((frame) => frame.hasHeading && frame.fieldCount >= ${count});
    return {
      ms: (complete ? complete.at : Infinity) - window.clickedAt,
      isOneFrame: headed !== undefined && headed === complete,
      fieldCount: ${count},
    };
  })()`);
}
