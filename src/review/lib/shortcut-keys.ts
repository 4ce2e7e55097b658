/**
 * Whether a key press belongs to what is being typed or to a chord, not to the workspace's
 * single-key shortcuts (`j`, `s`, `/`, …); also while a dialog is open over the page.
 */
export function isTypingIn(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement;
  return (
    event.metaKey ||
    event.ctrlKey ||
    event.altKey ||
    target.closest(
      'input, textarea, select, [contenteditable], dialog[open]',
    ) !== null
  );
}
