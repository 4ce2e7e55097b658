import { expect, test } from 'vitest';
import {
  cropCaption,
  cropOf,
  cropWarnings,
  cropWarningText,
  logoRoom,
  logoWarningText,
  previewScreens,
} from './image-fit.ts';

test('the cover boxes are the wizard’s: a 30% band on a 375 × 812 phone, the left 45% of a 1280 × 800 desktop', () => {
  expect(previewScreens.phone.cover).toEqual({ width: 375, height: 243.6 });
  expect(previewScreens.desktop.cover).toEqual({ width: 576, height: 800 });
});

test('a picture wider than its box loses width, a taller one loses height, one of the same shape nothing', () => {
  const box = { width: 600, height: 400 };
  expect(cropOf({ width: 1200, height: 400 }, box)).toEqual({
    width: 0.5,
    height: 1,
  });
  expect(cropOf({ width: 300, height: 400 }, box)).toEqual({
    width: 1,
    height: 0.5,
  });
  expect(cropOf({ width: 1500, height: 1000 }, box)).toEqual({
    width: 1,
    height: 1,
  });
});

test('a 16:9 landscape photo is cropped hard on desktops, where 40% of its width shows, and not on phones', () => {
  const warnings = cropWarnings({ width: 1600, height: 900 });
  expect(warnings).toEqual([
    { device: 'desktop', side: 'width', share: expect.closeTo(0.405, 3) },
  ]);
  expect(cropWarningText(warnings[0]!)).toBe(
    'On desktops only 40% of this picture’s width shows: its left and right are cut off. Keep what matters in the middle, or choose a less wide picture.',
  );
});

test('a 3:4 portrait photo is cropped hard on phones, in the band across the top, and fits a desktop', () => {
  const warnings = cropWarnings({ width: 900, height: 1200 });
  expect(warnings).toEqual([
    { device: 'phone', side: 'height', share: expect.closeTo(0.487, 3) },
  ]);
  expect(cropWarningText(warnings[0]!)).toMatch(
    /^On phones only 48% of this picture’s height shows: its top and bottom are cut off\./,
  );
});

test('the example’s 4:5 covers and a square or 4:3 photo are not warned about', () => {
  expect(cropWarnings({ width: 1200, height: 1500 })).toEqual([]);
  expect(cropWarnings({ width: 1000, height: 1000 })).toEqual([]);
  expect(cropWarnings({ width: 1200, height: 900 })).toEqual([]);
});

test('a panorama is cropped hard on both', () => {
  expect(
    cropWarnings({ width: 4000, height: 1000 }).map((w) => w.device),
  ).toEqual(['phone', 'desktop']);
});

test('a logo fits at 48 px high until it is wider than the room beside a phone’s back arrow', () => {
  expect(logoRoom.phone).toBe(289);
  expect(logoWarningText({ width: 600, height: 100 })).toBeNull();
  expect(logoWarningText({ width: 700, height: 100 })).toBe(
    'At its 48 px height the logo is 336 px wide, more than the 289 px a phone has for it beside the back arrow: it squeezes the back arrow and runs past the edge of the step. Choose a less wide logo, such as the mark with the name under it.',
  );
  expect(logoWarningText({ width: 1200, height: 100 })).toMatch(
    /is 576 px wide, more than the 289 px a phone has for it beside the back arrow, and the 540 px of a desktop’s step:/,
  );
});

test('a crop in words says all for a side that shows whole', () => {
  expect(cropCaption({ width: 1, height: 0.4871 })).toBe(
    'all of its width, 48% of its height',
  );
});
