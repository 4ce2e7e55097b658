import { useState } from 'react';

/** What became of a Copy: copied to the clipboard, or selected for the keyboard's copy. */
export type CopyOutcome<Of> = { of: Of; how: 'copied' | 'selected' };

/**
 * Copies a read-only field's text. The clipboard API exists only on HTTPS (and localhost) and may
 * be refused; then the text is selected, for Ctrl+C or ⌘C. `outcome` names the field it was for,
 * and is cleared by `reset` when what the field holds changes.
 */
export function useCopy<Of extends string>() {
  const [outcome, setOutcome] = useState<CopyOutcome<Of> | null>(null);
  const select = (of: Of, field: HTMLInputElement | HTMLTextAreaElement) => {
    field.focus();
    field.select();
    setOutcome({ of, how: 'selected' });
  };
  const copy = (of: Of, field: HTMLInputElement | HTMLTextAreaElement) => {
    if (!window.isSecureContext) return select(of, field);
    navigator.clipboard.writeText(field.value).then(
      () => setOutcome({ of, how: 'copied' }),
      () => select(of, field),
    );
  };
  return { outcome, copy, reset: () => setOutcome(null) };
}
