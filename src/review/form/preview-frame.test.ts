import { expect, test } from 'vitest';
import { previewFrameBox } from './preview-frame.ts';

test('the desktop preview is a 1280-pixel screen, drawn at the scale that fits its column', () => {
  const box = previewFrameBox('desktop', { width: 416, height: 700 });
  expect(box.width).toBe(1280);
  expect(box.height).toBe(800);
  expect(box.scale).toBeCloseTo(416 / 1280);
  expect(box.width * box.scale).toBeCloseTo(416);
});

test('a phone keeps its width and fills the column’s height, smaller only where the column is narrower', () => {
  expect(previewFrameBox('phone', { width: 416, height: 700 })).toEqual({
    width: 390,
    height: 700,
    scale: 1,
  });
  const narrow = previewFrameBox('phone', { width: 312, height: 600 });
  expect(narrow.width).toBe(390);
  expect(narrow.scale).toBeCloseTo(0.8);
  // Drawn at 0.8, it is as tall as the room.
  expect(narrow.height * narrow.scale).toBeCloseTo(600, 0);
});

test('nothing is drawn larger than life, and a hidden column keeps the screen’s own size', () => {
  expect(previewFrameBox('desktop', { width: 1600, height: 900 }).scale).toBe(
    1,
  );
  expect(previewFrameBox('desktop', { width: 0, height: 0 })).toEqual({
    width: 1280,
    height: 800,
    scale: 1,
  });
  expect(previewFrameBox('phone', { width: 0, height: 0 })).toEqual({
    width: 390,
    height: 844,
    scale: 1,
  });
});
