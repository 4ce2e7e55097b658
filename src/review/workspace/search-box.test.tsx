import { createRef } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { SearchBox } from './search-box.tsx';

const box = () => screen.getByLabelText('Search by name or e-mail');

test('searches once the typist pauses, not at every letter', () => {
  vi.useFakeTimers();
  const onSearch = vi.fn();
  render(<SearchBox ref={createRef()} value="" onSearch={onSearch} />);
  for (const text of ['A', 'Ad', 'Ada'])
    fireEvent.change(box(), { target: { value: text } });
  act(() => {
    vi.advanceTimersByTime(200);
  });
  expect(onSearch).not.toHaveBeenCalled();
  act(() => {
    vi.advanceTimersByTime(100);
  });
  expect(onSearch).toHaveBeenCalledTimes(1);
  expect(onSearch).toHaveBeenCalledWith('Ada');
});

test('takes a search changed elsewhere (filters cleared), and does not search it again', () => {
  vi.useFakeTimers();
  const onSearch = vi.fn();
  const { rerender } = render(
    <SearchBox ref={createRef()} value="ada" onSearch={onSearch} />,
  );
  expect(box()).toHaveValue('ada');
  rerender(<SearchBox ref={createRef()} value="" onSearch={onSearch} />);
  expect(box()).toHaveValue('');
  act(() => {
    vi.advanceTimersByTime(1_000);
  });
  expect(onSearch).not.toHaveBeenCalled();
});

test('keeps a space being typed, searching for the words without it', () => {
  vi.useFakeTimers();
  const onSearch = vi.fn();
  const { rerender } = render(
    <SearchBox ref={createRef()} value="" onSearch={onSearch} />,
  );
  fireEvent.change(box(), { target: { value: 'Ada ' } });
  act(() => {
    vi.advanceTimersByTime(300);
  });
  expect(onSearch).toHaveBeenCalledWith('Ada');
  // The address now says "Ada"; the box still holds what was typed.
  rerender(<SearchBox ref={createRef()} value="Ada" onSearch={onSearch} />);
  expect(box()).toHaveValue('Ada ');
});
