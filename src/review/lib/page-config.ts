import type { ReviewPageConfig } from '#engine/review-page.ts';

/** The server writes whose workspace this is into the page, as it does the wizard's configuration. */
export function readReviewPageConfig(doc: Document): ReviewPageConfig {
  const text = doc.getElementById('review-config')?.textContent;
  const fallback: ReviewPageConfig = {
    defaultCall: '',
    lang: 'en',
    organisation: '',
    logo: undefined,
  };
  try {
    return text
      ? { ...fallback, ...(JSON.parse(text) as ReviewPageConfig) }
      : fallback;
  } catch {
    return fallback;
  }
}
