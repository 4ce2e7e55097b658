/**
 * How a landing address names where a visit came from: campaign labels and the ad platforms' click
 * ids. A module of its own, without zod, so the browser reads them from its address without the
 * insight report's schema.
 */

/** The longest campaign label (`utm_source`, `ref`, …) a visit keeps. */
export const maxLabelLength = 100;

/** The ad platforms' click ids a landing address may carry. */
export const clickIdParameters = ['gclid', 'fbclid', 'ttclid'] as const;

/** An ad platform's click id as its links write one: letters, digits, `_`, `-`, `.` and `~`. */
export const clickIdPattern = /^[\w.~-]{1,200}$/;
