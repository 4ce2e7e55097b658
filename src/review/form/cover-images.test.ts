import { expect, test } from 'vitest';
import {
  coverFromUpload,
  coversFor,
  coverStepNames,
  logoFromUpload,
} from './cover-images.ts';

const cover = (src: string) => ({
  src,
  alt: `${src} described`,
  width: 1200,
  height: 1500,
  sources: [],
});

test('each cover names the steps it shows on', () => {
  const steps = ['Welcome', 'About you', 'More', 'Thanks', 'Extra'].map(
    (name) => ({ name }),
  );
  const four = [cover('a'), cover('b'), cover('c'), cover('d')];
  expect(coverStepNames({ steps, coverImages: four })).toEqual([
    ['Welcome'],
    ['About you'],
    ['More'],
    ['Thanks', 'Extra'],
  ]);
  expect(coverStepNames({ steps, coverImages: [cover('a')] })).toEqual([
    ['Welcome', 'About you', 'More', 'Thanks', 'Extra'],
  ]);
});

test('one cover keeps the first; four keep those there and copy the first into the rest', () => {
  expect(coversFor([cover('a'), cover('b')], true)).toEqual([cover('a')]);
  const four = coversFor([cover('a'), cover('b')], false);
  expect(four.map((each) => each.src)).toEqual(['a', 'b', 'a', 'a']);
  // Copies, so describing one never describes another.
  expect(four[2]).not.toBe(four[0]);
  expect(coversFor([], false)).toHaveLength(4);
});

test('an upload keeps the place’s description, and a first logo is described by the form’s title', () => {
  const image = {
    src: '/images/uploads/abc-800.webp',
    sources: [],
    width: 1600,
    height: 900,
  };
  expect(coverFromUpload(image, cover('a'))).toEqual({
    ...image,
    alt: 'a described',
  });
  expect(coverFromUpload(image, undefined).alt).toBe('');
  expect(logoFromUpload(image, undefined, 'Visit Aldmere')).toEqual({
    src: image.src,
    width: 1600,
    height: 900,
    alt: 'Visit Aldmere',
  });
});
