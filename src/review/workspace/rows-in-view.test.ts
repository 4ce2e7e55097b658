import { expect, test } from 'vitest';
import { rowsInView } from './rows-in-view.ts';

test('counts the rows from the table to the bottom of the window, a row cut by its edge included', () => {
  expect(rowsInView(240, 900)).toBe(15);
  expect(rowsInView(250, 900)).toBe(15);
  expect(rowsInView(0, 880)).toBe(20);
});

test('counts the rows scrolled past as well, since the new view starts at the top of the table', () => {
  expect(rowsInView(-440, 900)).toBe(31);
});

test('counts one row at least, with the table below the window', () => {
  expect(rowsInView(1200, 900)).toBe(1);
});
