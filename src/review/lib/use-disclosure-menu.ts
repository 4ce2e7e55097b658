import { useEffect, useRef, useState } from 'react';

/**
 * A `<details>` that closes as a menu does: a click elsewhere, or Esc (which leaves focus on its
 * summary and goes no further, so an open application stays open).
 */
export function useDisclosureMenu() {
  const [isOpen, setIsOpen] = useState(false);
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (!isOpen) return;
    const closeOutside = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) setIsOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      setIsOpen(false);
      ref.current?.querySelector('summary')?.focus();
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape, true);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape, true);
    };
  }, [isOpen]);
  return {
    close: () => setIsOpen(false),
    details: {
      ref,
      open: isOpen,
      onToggle: (event: { currentTarget: HTMLDetailsElement }) =>
        setIsOpen(event.currentTarget.open),
    },
  };
}
