import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { readReviewPageConfig } from '#review/lib/page-config.ts';
import { ReviewApp } from '#review/review-app.tsx';
// The wizard's stylesheet carries the shared tokens, buttons and inputs.
import '#web/styles.css';
import './review.css';

const container = document.getElementById('review-root');
if (!container) throw new Error('The page has no #review-root element');
createRoot(container).render(
  <StrictMode>
    <ReviewApp page={readReviewPageConfig(document)} />
  </StrictMode>,
);
