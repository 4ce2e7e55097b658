/** The mobile layout of styles.css: the cover on top at full width, no step bar. */
export const mobileQuery = '(max-width: 576px)';
