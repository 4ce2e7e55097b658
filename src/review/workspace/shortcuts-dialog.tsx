import type { Ref } from 'react';

const shortcuts: Array<[string, string]> = [
  ['j', 'Next application'],
  ['k', 'Previous application'],
  ['s', 'Shortlist the open application'],
  ['a', 'Accept the open application'],
  ['d', 'Decline the open application'],
  ['/', 'Search'],
  ['Esc', 'Close the application'],
  ['?', 'These shortcuts'],
];

/** The workspace's keyboard shortcuts, in a native modal dialog (focus kept inside, Esc closes). */
export function ShortcutsDialog({ ref }: { ref: Ref<HTMLDialogElement> }) {
  return (
    <dialog ref={ref} className="shortcuts" aria-labelledby="shortcuts-heading">
      <h2 id="shortcuts-heading" className="shortcuts__heading">
        Keyboard shortcuts
      </h2>
      <dl className="shortcuts__list">
        {shortcuts.map(([key, action]) => (
          <div key={key} className="shortcuts__item">
            <dt>
              <kbd>{key}</kbd>
            </dt>
            <dd>{action}</dd>
          </div>
        ))}
      </dl>
      <form method="dialog">
        <button type="submit" className="button button--outlined">
          Close
        </button>
      </form>
    </dialog>
  );
}
