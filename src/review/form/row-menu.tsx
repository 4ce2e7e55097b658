import { useEffect, useId, useRef } from 'react';
import { menuKeyAction } from './outline-keys.ts';

export type MenuItem = { label: string; onSelect: () => void };

/**
 * A row's other actions behind one button, a menu in the ARIA menu-button pattern: the arrows go
 * round its items, Escape closes it. The button is no Tab stop of its own: the row is, and its
 * context-menu key opens this.
 */
export function RowMenu({
  label,
  items,
  isOpen,
  onOpen,
  onClose,
}: {
  label: string;
  items: readonly MenuItem[];
  isOpen: boolean;
  onOpen: () => void;
  /** Closed by Escape or the button (focus back to the row), or by a click or Tab elsewhere. */
  onClose: (isReturningFocus: boolean) => void;
}) {
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const entries = useRef<(HTMLButtonElement | null)[]>([]);
  entries.current.length = items.length;
  useEffect(() => {
    if (!isOpen) return;
    entries.current[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && root.current?.contains(event.target))
        return;
      onClose(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen, onClose]);
  return (
    <div className="form-editor__menu" ref={root}>
      <button
        type="button"
        tabIndex={-1}
        className="button form-editor__menu-button"
        aria-label={`Actions for ${label}`}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        onClick={() => (isOpen ? onClose(true) : onOpen())}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {isOpen && (
        <ul
          id={menuId}
          role="menu"
          aria-label={`Actions for ${label}`}
          className="form-editor__menu-list"
          onKeyDown={(event) => {
            const current = entries.current.indexOf(
              event.target as HTMLButtonElement,
            );
            const action = menuKeyAction(event, current, items.length);
            if (!action) return;
            if (action.kind === 'focus') {
              event.preventDefault();
              entries.current[action.item]?.focus();
            } else {
              if (action.isReturningFocus) event.preventDefault();
              onClose(action.isReturningFocus);
            }
          }}
        >
          {items.map((item, index) => (
            <li key={item.label} role="none">
              <button
                ref={(element) => {
                  entries.current[index] = element;
                }}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className="form-editor__menu-item"
                onClick={() => {
                  onClose(false);
                  item.onSelect();
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
