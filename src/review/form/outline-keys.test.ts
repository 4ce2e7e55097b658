import { expect, test } from 'vitest';
import { menuKeyAction, outlineRows, rowKeyAction } from './outline-keys.ts';

const key = (name: string, shiftKey = false) => ({ key: name, shiftKey });

test('the arrows move between rows and stop at the ends; Home and End reach them', () => {
  expect(rowKeyAction(key('ArrowDown'), 2, 6)).toEqual({
    kind: 'focus',
    row: 3,
  });
  expect(rowKeyAction(key('ArrowDown'), 5, 6)).toEqual({
    kind: 'focus',
    row: 5,
  });
  expect(rowKeyAction(key('ArrowUp'), 0, 6)).toEqual({
    kind: 'focus',
    row: 0,
  });
  expect(rowKeyAction(key('Home'), 4, 6)).toEqual({ kind: 'focus', row: 0 });
  expect(rowKeyAction(key('End'), 1, 6)).toEqual({ kind: 'focus', row: 5 });
});

test('Enter opens the row; the context-menu key and Shift+F10 open its actions', () => {
  expect(rowKeyAction(key('Enter'), 1, 6)).toEqual({ kind: 'open' });
  expect(rowKeyAction(key('ContextMenu'), 1, 6)).toEqual({ kind: 'menu' });
  expect(rowKeyAction(key('F10', true), 1, 6)).toEqual({ kind: 'menu' });
});

test('Space, Tab and shifted arrows are left to the drag-and-drop and the browser', () => {
  expect(rowKeyAction(key(' '), 1, 6)).toBeNull();
  expect(rowKeyAction(key('Tab'), 1, 6)).toBeNull();
  expect(rowKeyAction(key('ArrowDown', true), 1, 6)).toBeNull();
  expect(rowKeyAction(key('F10'), 1, 6)).toBeNull();
});

test('a menu’s arrows go round; Escape closes it back to its row, Tab closes it and moves on', () => {
  expect(menuKeyAction(key('ArrowDown'), 3, 4)).toEqual({
    kind: 'focus',
    item: 0,
  });
  expect(menuKeyAction(key('ArrowUp'), 0, 4)).toEqual({
    kind: 'focus',
    item: 3,
  });
  expect(menuKeyAction(key('End'), 0, 4)).toEqual({ kind: 'focus', item: 3 });
  expect(menuKeyAction(key('Escape'), 2, 4)).toEqual({
    kind: 'close',
    isReturningFocus: true,
  });
  expect(menuKeyAction(key('Tab'), 2, 4)).toEqual({
    kind: 'close',
    isReturningFocus: false,
  });
  expect(menuKeyAction(key('a'), 2, 4)).toBeNull();
});

test('the outline’s rows run through the steps, with the open step’s blocks under it', () => {
  expect(outlineRows(3, 1, 2)).toEqual([
    'step-0',
    'step-1',
    'block-1-0',
    'block-1-1',
    'step-2',
  ]);
  expect(outlineRows(2, 1, 0)).toEqual(['step-0', 'step-1']);
});
