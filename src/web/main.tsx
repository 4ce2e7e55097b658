import { startTransition, useLayoutEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { startAnalytics } from '#web/lib/load-analytics.ts';
import { startInsights } from '#web/lib/insights.ts';
import { startHostPage } from '#web/lib/host-page.ts';
import { keepLandingValues } from '#web/lib/landing.ts';
import { startErrorReporting } from '#web/lib/load-error-reporting.ts';
import { readConfigFromPage, readFormVersion } from '#web/lib/read-config.ts';
import { readDraft, startStepOf } from '#web/lib/session-draft.ts';
import { WizardPage } from '#web/wizard-page.tsx';
import './styles.css';

/** Shows `#root`, which the page hid, in the commit that replaces its markup: before that paints. */
function Revealed({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    delete document.documentElement.dataset.resuming;
  }, []);
  return children;
}

/**
 * Starts the wizard: reads the page's configuration, notes the landing, starts what reports the
 * visit, and hydrates the first step (or renders the step a reloaded tab is on).
 */
function start(): void {
  // The empty path is the only route; the server redirects the rest, the dev server may not. The
  // query names the step.
  if (window.location.pathname !== '/')
    window.history.replaceState(null, '', `/${window.location.search}`);
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  const result = readConfigFromPage(document);
  if (result.ok) {
    // Each SDK is fetched only when configured, and never in the first page's JavaScript.
    void startErrorReporting(result.config.errorReporting);
    void startAnalytics(result.config.analytics);
    const { search } = window.location;
    keepLandingValues(result.config, search);
    startHostPage(result.config.pageId, search);
    startInsights(result.config, { search, referrer: document.referrer });
  }
  // The server rendered the first step. A tab that reloads on a later step renders that step afresh
  // instead of hydrating markup it would not match; the page hid that markup until then.
  const page = (
    <WizardPage result={result} version={readFormVersion(document)} />
  );
  const resumesLaterStep =
    result.ok &&
    startStepOf(
      result.config,
      readDraft(result.config.pageId),
      window.location.search,
    ) > 0;
  if (result.ok && container.hasChildNodes() && !resumesLaterStep)
    // In a transition React hydrates in slices of a few milliseconds and answers input between them;
    // otherwise the whole step hydrates in one task, the Welcome page's longest.
    startTransition(() => {
      hydrateRoot(container, page);
    });
  else {
    // Rendered in slices after the module's evaluation, not in one task: the step took 80–130 ms of
    // one at 4× CPU, during which a slow phone answered no input.
    startTransition(() => {
      createRoot(container).render(<Revealed>{page}</Revealed>);
    });
  }
}

// The module's own evaluation is React's start-up, the longest piece of script the first page runs
// after it has painted; the wizard starts in the next task, so a slow phone answers input between
// the two instead of waiting for both.
setTimeout(start, 0);
