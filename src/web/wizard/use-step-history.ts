import { useLayoutEffect } from 'react';
import type { WizardConfig } from '#engine/config-schema.ts';
import { readDraft } from '#web/lib/session-draft.ts';

type Entry = { wizardStep?: unknown };

/**
 * Keeps the browser's history in step with the wizard. On load, the current entry becomes this
 * step's; a page opened on a later step (a link, or a reload after the tab's entries were lost)
 * gets an entry for each step before it, so Back walks back through them and leaves from the
 * first. Back and Forward then show the step of their entry. After a sent application there is no
 * step to go back to (its answers are gone, and sending them again would be a second
 * application): every entry shows the last step and takes its address, so Back never shows an
 * address the page does not, and still leaves once the wizard's entries are passed.
 */
export function useStepHistory(
  config: WizardConfig,
  stepIndex: number,
  setStepIndex: (stepIndex: number) => void,
  addressOf: (stepIndex: number) => string,
): void {
  // Before the form's own effects, which may walk back to an earlier step's entry.
  useLayoutEffect(() => {
    const { history } = window;
    if ((history.state as Entry | null)?.wizardStep !== stepIndex) {
      history.replaceState({ wizardStep: 0 }, '', addressOf(0));
      for (let index = 1; index <= stepIndex; index += 1)
        history.pushState({ wizardStep: index }, '', addressOf(index));
    }
    const lastStep = config.steps.length - 1;
    const onPop = (event: PopStateEvent) => {
      const step = (event.state as Entry | null)?.wizardStep;
      if (typeof step !== 'number') return;
      if (readDraft(config.pageId)?.sent) {
        history.replaceState({ wizardStep: lastStep }, '', addressOf(lastStep));
        setStepIndex(lastStep);
      } else setStepIndex(Math.min(Math.max(step, 0), lastStep));
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
    // Once per page: later steps push their own entries as the wizard moves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
