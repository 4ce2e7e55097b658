import { createContext, useContext } from 'react';
import type { ReviewPageConfig } from '#engine/review-page.ts';

export const ReviewPageContext = createContext<ReviewPageConfig>({
  defaultCall: '',
  lang: 'en',
  organisation: '',
  logo: undefined,
});

export const useReviewPage = () => useContext(ReviewPageContext);
