/**
 * The words of a text in plain ASCII lower case, as names made from it use them: accents dropped,
 * apostrophes joining ("What's" → `whats`), anything else but letters and digits between words.
 */
export function plainWordsOf(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}
