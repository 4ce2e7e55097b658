import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// The floor of bench/lighthouse.ts: React 19 rendering a heading and a paragraph, nothing else.
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <main>
      <h1>Apply for a creator partnership</h1>
      <p>
        Complete this simple two-step application to be considered for a future
        influencer partnership.
      </p>
    </main>
  </StrictMode>,
);
