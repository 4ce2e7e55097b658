import { createRequire } from 'node:module';
import type { Frame, Page } from '@playwright/test';

// Pages that run axe must `test.use({ bypassCSP: true })`: axe is injected as an inline script,
// which the app's own Content-Security-Policy rightly blocks.
const axeSource = (
  createRequire(import.meta.url)('axe-core') as { source: string }
).source;

type AxeViolation = {
  id: string;
  impact: string | null;
  nodes: Array<{ target: string[] }>;
};

async function axeViolations(
  page: Page | Frame,
  rules?: readonly string[],
): Promise<AxeViolation[]> {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(
    async (only) => {
      const axe = (
        window as unknown as {
          axe: {
            run: (
              context: Document,
              options: { runOnly?: string[] },
            ) => Promise<{ violations: AxeViolation[] }>;
          };
        }
      ).axe;
      return (await axe.run(document, only ? { runOnly: only } : {}))
        .violations;
    },
    rules && [...rules],
  );
}

const describe = (violation: AxeViolation) =>
  `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`;

/** Every serious or critical axe finding on the page (or in a frame of it), as `rule: selectors`. */
export async function seriousViolations(page: Page | Frame): Promise<string[]> {
  return (await axeViolations(page))
    .filter(
      (violation) =>
        violation.impact === 'serious' || violation.impact === 'critical',
    )
    .map(describe);
}

/** Every axe finding on the page, whatever its impact, as `rule: selectors`. */
export async function allViolations(page: Page): Promise<string[]> {
  return (await axeViolations(page)).map(describe);
}

/** What axe's `region` rule finds outside every landmark (a moderate finding, which `seriousViolations` leaves out). */
export async function contentOutsideLandmarks(page: Page): Promise<string[]> {
  return (await axeViolations(page, ['region'])).map(describe);
}
