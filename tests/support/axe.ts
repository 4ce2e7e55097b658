import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

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

/** Every serious or critical axe finding on the page, as `rule: selectors`. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (context: Document) => Promise<{ violations: AxeViolation[] }>;
        };
      }
    ).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter(
      (violation) =>
        violation.impact === 'serious' || violation.impact === 'critical',
    )
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}
