import { useEffect, useRef } from 'react';
import type { WizardConfig } from '#engine/config-schema.ts';
import { continueActionFor } from '#engine/navigation.ts';
import { tellHostPage } from '#web/lib/host-page.ts';
import { reportInsight } from '#web/lib/insights.ts';
import { trackEvent } from '#web/lib/load-analytics.ts';

/**
 * Tracks each step as reached once, however often the applicant goes back to it; the page around a
 * frame hears of every step shown, for its own counts.
 */
export function useStepTracking(config: WizardConfig, stepIndex: number): void {
  const reachedSteps = useRef(new Set<number>());
  useEffect(() => {
    tellHostPage({ type: 'step', step: stepIndex, form: config });
    if (reachedSteps.current.has(stepIndex)) return;
    reachedSteps.current.add(stepIndex);
    const action = continueActionFor(
      stepIndex,
      config.steps.length,
      config.skipFinalStep,
    );
    trackEvent('Step Reached', {
      step: stepIndex + 1,
      sync: action === 'submitAndAdvance' || action === 'submitAndRedirect',
      steps: config.steps.length,
    });
    reportInsight({ type: 'step', step: stepIndex, form: config });
  }, [stepIndex, config]);
}
