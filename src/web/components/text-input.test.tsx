import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import {
  createFlushRegistry,
  FlushContext,
  type FlushRegistry,
} from './flush-context.ts';
import { TextInput } from './text-input.tsx';

beforeEach(() => {
  vi.useFakeTimers();
  // Testing Library drains its async wrapper with a 0 ms timer that it advances only when it sees Jest's fake timers.
  vi.stubGlobal('jest', {
    advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const setupUser = () =>
  userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

function renderInput({
  value = '',
  multiline = false,
  registry = createFlushRegistry(),
}: { value?: string; multiline?: boolean; registry?: FlushRegistry } = {}) {
  const onValueChange = vi.fn<(value: string) => void>();
  const onBlur = vi.fn();
  const result = render(
    <FlushContext value={registry}>
      <label htmlFor="name">Name</label>
      <TextInput
        id="name"
        value={value}
        multiline={multiline}
        onValueChange={onValueChange}
        onBlur={onBlur}
      />
      <button type="button">Elsewhere</button>
    </FlushContext>,
  );
  return {
    ...result,
    onValueChange,
    onBlur,
    registry,
    input: screen.getByRole('textbox', { name: 'Name' }),
  };
}

test('emits a change only 500 ms after typing stops', async () => {
  const user = setupUser();
  const { input, onValueChange } = renderInput();

  await user.type(input, 'Ada');
  expect(input).toHaveValue('Ada');
  expect(onValueChange).not.toHaveBeenCalled();

  advance(499);
  expect(onValueChange).not.toHaveBeenCalled();

  advance(1);
  expect(onValueChange).toHaveBeenCalledTimes(1);
  expect(onValueChange).toHaveBeenCalledWith('Ada');
});

test('restarts the 500 ms wait on every keystroke', async () => {
  const user = setupUser();
  const { input, onValueChange } = renderInput();

  await user.type(input, 'A');
  advance(400);
  await user.type(input, 'd');
  advance(400);
  expect(onValueChange).not.toHaveBeenCalled();

  advance(100);
  expect(onValueChange).toHaveBeenCalledTimes(1);
  expect(onValueChange).toHaveBeenCalledWith('Ad');
});

test('does not emit a value equal to the last one', async () => {
  const user = setupUser();
  const { input, onValueChange } = renderInput({ value: 'Ada' });

  await user.type(input, 'x{Backspace}');
  advance(500);

  expect(input).toHaveValue('Ada');
  expect(onValueChange).not.toHaveBeenCalled();
});

test('does not emit the same value again after it was emitted', async () => {
  const user = setupUser();
  const { input, onValueChange } = renderInput();
  await user.type(input, 'Ada');
  advance(500);
  expect(onValueChange).toHaveBeenCalledTimes(1);

  await user.type(input, 'x{Backspace}');
  advance(500);

  expect(onValueChange).toHaveBeenCalledTimes(1);
});

test('flushes the pending value at once on blur', async () => {
  const user = setupUser();
  const { input, onValueChange, onBlur } = renderInput();
  await user.type(input, 'Ada');

  await user.click(screen.getByRole('button', { name: 'Elsewhere' }));

  expect(onValueChange).toHaveBeenCalledTimes(1);
  expect(onValueChange).toHaveBeenCalledWith('Ada');
  expect(onBlur).toHaveBeenCalledTimes(1);
  advance(500);
  expect(onValueChange).toHaveBeenCalledTimes(1);
});

test('flushes the pending value when the registry flushes all inputs', async () => {
  const user = setupUser();
  const { input, onValueChange, registry } = renderInput();
  await user.type(input, 'Ada');

  act(() => registry.flushAll());

  expect(onValueChange).toHaveBeenCalledTimes(1);
  expect(onValueChange).toHaveBeenCalledWith('Ada');
  advance(500);
  expect(onValueChange).toHaveBeenCalledTimes(1);
});

test('flushes through the registry with the latest typed value', async () => {
  const user = setupUser();
  const { input, onValueChange, registry } = renderInput();
  await user.type(input, 'Ad');
  await user.type(input, 'a L');

  act(() => registry.flushAll());

  expect(onValueChange).toHaveBeenCalledExactlyOnceWith('Ada L');
});

test('flushes the pending value on unmount', async () => {
  const user = setupUser();
  const { input, onValueChange, unmount } = renderInput();
  await user.type(input, 'Ada');

  unmount();

  expect(onValueChange).toHaveBeenCalledExactlyOnceWith('Ada');
});

test('stops flushing through the registry after unmount', async () => {
  const user = setupUser();
  const { input, onValueChange, unmount, registry } = renderInput();
  await user.type(input, 'Ada');
  unmount();
  onValueChange.mockClear();

  registry.flushAll();
  vi.advanceTimersByTime(500);

  expect(onValueChange).not.toHaveBeenCalled();
});

test('renders a textarea when multiline', async () => {
  const user = setupUser();
  const { input, onValueChange } = renderInput({ multiline: true });
  expect(input.tagName).toBe('TEXTAREA');

  await user.type(input, 'line one{Enter}line two');
  advance(500);

  expect(onValueChange).toHaveBeenCalledExactlyOnceWith('line one\nline two');
});

test('shows a new value set from outside when nothing is pending', () => {
  const onValueChange = vi.fn();
  const { rerender } = render(
    <TextInput aria-label="Name" value="Ada" onValueChange={onValueChange} />,
  );

  rerender(
    <TextInput aria-label="Name" value="Grace" onValueChange={onValueChange} />,
  );

  expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Grace');
  expect(onValueChange).not.toHaveBeenCalled();
});
