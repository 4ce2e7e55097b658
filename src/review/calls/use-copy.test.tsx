import { useRef } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { useCopy } from './use-copy.ts';

function CopyField() {
  const field = useRef<HTMLTextAreaElement>(null);
  const { outcome, copy } = useCopy<'link'>();
  return (
    <>
      <textarea
        aria-label="Link"
        readOnly
        ref={field}
        value="https://a.example/apply/x?ref=b"
      />
      <button
        type="button"
        onClick={() => field.current && copy('link', field.current)}
      >
        Copy
      </button>
      <p role="status">{outcome && `${outcome.of} ${outcome.how}`}</p>
    </>
  );
}

const secure = Object.getOwnPropertyDescriptor(window, 'isSecureContext');
afterEach(() => {
  if (secure) Object.defineProperty(window, 'isSecureContext', secure);
});

test('on a page served over plain HTTP, where no clipboard is offered, the text is selected for the keyboard’s copy', () => {
  Object.defineProperty(window, 'isSecureContext', {
    value: false,
    configurable: true,
  });
  render(<CopyField />);
  fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
  const field = screen.getByLabelText<HTMLTextAreaElement>('Link');
  expect(document.activeElement).toBe(field);
  expect([field.selectionStart, field.selectionEnd]).toEqual([
    0,
    field.value.length,
  ]);
  expect(screen.getByRole('status')).toHaveTextContent('link selected');
});
