import { renderToString } from 'react-dom/server';
import type { WizardConfig } from '#engine/config-schema.ts';
import { WizardPage } from '#web/wizard-page.tsx';

/**
 * The first step's markup for `#root`, so the page paints before any script has run; the browser
 * hydrates it. The build compiles this file for the server (dist/server/prerender.js).
 */
export function renderFirstStep(config: WizardConfig): string {
  return renderToString(<WizardPage result={{ ok: true, config }} />);
}
