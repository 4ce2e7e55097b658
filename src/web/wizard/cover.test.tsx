import { render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { exampleConfig } from '../../../tests/support/render-block.tsx';
import { Cover } from './cover.tsx';

afterEach(() => {
  document.head
    .querySelectorAll('link[rel="preload"]')
    .forEach((link) => link.remove());
});

const preloads = () => [
  ...document.head.querySelectorAll('link[rel="preload"][as="image"]'),
];

test("shows the step's cover and, after the paint, preloads the next step's in the same format and sizes", async () => {
  const { coverImages } = exampleConfig();
  render(<Cover covers={coverImages} stepIndex={1} />);

  expect(screen.getByRole('img')).toHaveAttribute('src', coverImages[1]?.src);
  expect(preloads()).toEqual([]);
  await vi.waitFor(() => expect(preloads()).not.toEqual([]));
  const [link, ...others] = preloads();
  expect(others).toEqual([]);
  const sources = document.querySelectorAll('source');
  expect(link).toHaveAttribute(
    'imagesrcset',
    coverImages[2]?.sources[0]?.srcset,
  );
  expect(link).toHaveAttribute('imagesizes', sources[0]?.getAttribute('sizes'));
  expect(link).toHaveAttribute('fetchpriority', 'low');
});

test('preloads nothing when the next step shows the same cover', () => {
  const { coverImages } = exampleConfig();
  render(<Cover covers={coverImages.slice(0, 1)} stepIndex={0} />);

  expect(screen.getByRole('img')).toHaveAttribute('src', coverImages[0]?.src);
  expect(preloads()).toHaveLength(0);
});
