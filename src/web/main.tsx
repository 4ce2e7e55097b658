import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from '#web/components/error-boundary.tsx';
import { applyTheme } from '#web/lib/apply-theme.ts';
import { startAnalytics } from '#web/lib/load-analytics.ts';
import { startErrorReporting } from '#web/lib/load-error-reporting.ts';
import { readConfigFromPage } from '#web/lib/read-config.ts';
import { resolveWizardTexts } from '#engine/texts.ts';
import { Wizard } from '#web/wizard/wizard.tsx';
import './styles.css';

// The empty path is the only route; the server redirects the rest, the dev server may not.
if (window.location.pathname !== '/')
  window.history.replaceState(null, '', '/');

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const result = readConfigFromPage(document);
applyTheme(document.documentElement, result.ok ? result.config.theme : {});
if (result.ok) {
  // Each SDK is fetched only when configured, and never in the first page's JavaScript.
  void startErrorReporting(result.config.errorReporting);
  void startAnalytics(result.config.analytics);
}
createRoot(container).render(
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
  </StrictMode>,
);
