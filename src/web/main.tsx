import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { readConfigFromPage } from './lib/read-config.ts';
import { Wizard } from './wizard/wizard.tsx';
import './styles.css';

// Specification §2: the empty path is the only route; the server redirects the rest, the dev server may not.
if (window.location.pathname !== '/')
  window.history.replaceState(null, '', '/');

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const result = readConfigFromPage(document);
createRoot(container).render(
  <StrictMode>
    {result.ok ? (
      <Wizard config={result.config} />
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
