/** The mobile layout of the stylesheet: the cover on top at full width, no step bar. */
export const mobileQuery = '(max-width: 576px)';

/** The cover spans the page on mobile and the left side of the split screen elsewhere. */
export const coverSizes = `${mobileQuery} 100vw, 45vw`;
