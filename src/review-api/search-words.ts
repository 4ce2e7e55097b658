/**
 * How the inbox's search reads a text and a search, shared by the server (which indexes and
 * queries) and the application view (which marks what was found), so both know the same words.
 */

/** The words of a text: runs of letters, marks and digits. */
export const wordsOf = (text: string): string[] =>
  text.match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];

/** Signs that make a search literal; quotes, apostrophes, hyphens, dots and `*` (a wildcard, as people type one) do not. */
const literalSign = /[@=;()/$%\\<>|&{}[\]^~`#]/;

/**
 * A search holding a sign no one writes inside a word (`@`, `=`, `;`, `$`, a bracket…) is
 * something pasted or an address: it is matched as typed in the name, e-mail and handle alone, as
 * its words would be found in every handle and link that share them, and `$1` or `' OR '1'='1`
 * would find every follower count with a 1.
 */
export const isLiteralSearch = (search: string) => literalSign.test(search);

/**
 * The terms of a word search, each to be found as the start of a word: a term typed with
 * punctuation inside (`coast-path`, `ada.travels`) is its parts, to be found one after the other,
 * the last a prefix. None for a literal search, or one without any word.
 */
export const searchTermsOf = (search: string): string[][] =>
  isLiteralSearch(search)
    ? []
    : search
        .split(/\s+/)
        .map(wordsOf)
        .filter((parts) => parts.length > 0);
