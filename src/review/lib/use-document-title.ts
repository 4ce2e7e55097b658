import { useEffect } from 'react';
import { useReviewPage } from './review-page-context.ts';

/** The window's title names the screen (and what is open on it), then whose workspace it is. */
export function useDocumentTitle(...parts: Array<string | null | undefined>) {
  const { organisation } = useReviewPage();
  const title = [...parts, organisation].filter(Boolean).join(' · ');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
