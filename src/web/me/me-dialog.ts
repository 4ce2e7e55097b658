import { h } from './me-dom.ts';

/**
 * Asks before an action that cannot be undone, in a modal `<dialog>`: its title, what it means,
 * Cancel first (where the focus starts) and the action. Resolves whether the person confirmed;
 * Esc cancels, and the browser gives the focus back to the button that opened it.
 */
export function confirmInDialog(question: {
  title: string;
  text: string;
  confirm: string;
  cancel: string;
}): Promise<boolean> {
  const dialog = h(
    'dialog',
    {
      class: 'me-dialog',
      'aria-labelledby': 'me-dialog-title',
      'aria-describedby': 'me-dialog-text',
    },
    h(
      'h2',
      { class: 'me-dialog__title', id: 'me-dialog-title' },
      question.title,
    ),
    h('p', { id: 'me-dialog-text' }, question.text),
    h(
      'div',
      { class: 'me-dialog__actions' },
      h(
        'button',
        {
          type: 'button',
          class: 'button button--outlined',
          onclick: () => (dialog as HTMLDialogElement).close('cancel'),
        },
        question.cancel,
      ),
      h(
        'button',
        {
          type: 'button',
          class: 'button button--primary me-dialog__confirm',
          onclick: () => (dialog as HTMLDialogElement).close('confirm'),
        },
        question.confirm,
      ),
    ),
  ) as HTMLDialogElement;
  document.body.append(dialog);
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => {
      resolve(dialog.returnValue === 'confirm');
      dialog.remove();
    });
    dialog.showModal();
  });
}
