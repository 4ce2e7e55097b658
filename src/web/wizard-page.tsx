import { StrictMode } from 'react';
import type { ConfigParseResult } from '#engine/config-schema.ts';
import { resolveWizardTexts } from '#engine/texts.ts';
import { ErrorBoundary } from '#web/components/error-boundary.tsx';
import { Wizard } from '#web/wizard/wizard.tsx';

/**
 * Everything under `#root`: the wizard in its error boundary, or what is wrong with the
 * configuration. The server renders the same tree for the first paint that the browser hydrates.
 */
export function WizardPage({ result }: { result: ConfigParseResult }) {
  return (
    <StrictMode>
      {result.ok ? (
        <ErrorBoundary texts={resolveWizardTexts(result.config)}>
          <Wizard config={result.config} />
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
