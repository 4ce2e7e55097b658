import { StrictMode, useEffect } from 'react';
import type { ConfigParseResult } from '#engine/config-schema.ts';
import { resolveWizardTexts } from '#engine/texts.ts';
import { ErrorBoundary } from '#web/components/error-boundary.tsx';
import { Wizard } from '#web/wizard/wizard.tsx';

/**
 * Tells the page's own script that the wizard has taken over (until then it holds back a Continue
 * that would send the page as a plain form), and presses a Continue it held back.
 */
function useTakeOver(): void {
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.ready = '';
    if (!('pendingSubmit' in root.dataset)) return;
    delete root.dataset.pendingSubmit;
    document
      .querySelector<HTMLFormElement>('#root form:not([hidden])')
      ?.requestSubmit();
  }, []);
}

/**
 * Everything under `#root`: the wizard in its error boundary, or what is wrong with the
 * configuration. The server renders the same tree for the first paint that the browser hydrates.
 */
export function WizardPage({
  result,
  version = null,
}: {
  result: ConfigParseResult;
  /** The number of the form version the page carries, sent with the application. */
  version?: number | null;
}) {
  useTakeOver();
  return (
    <StrictMode>
      {result.ok ? (
        <ErrorBoundary texts={resolveWizardTexts(result.config)}>
          <Wizard config={result.config} version={version} />
        </ErrorBoundary>
      ) : (
        <main className="config-error">
          <h1>This form is not configured correctly</h1>
          <ul>
            {result.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </main>
      )}
    </StrictMode>
  );
}
