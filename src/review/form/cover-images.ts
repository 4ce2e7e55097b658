import type { WizardConfig } from '#engine/config-schema.ts';
import { coverIndexFor } from '#engine/navigation.ts';
import type { UploadedImage } from '#review-api/form.ts';

type Cover = WizardConfig['coverImages'][number];

/** The names of the steps each cover shows on: one cover on every step, or each its own step and the last on the rest. */
export function coverStepNames(config: {
  steps: readonly { name: string }[];
  coverImages: readonly unknown[];
}): string[][] {
  return config.coverImages.map((_, cover) =>
    config.steps
      .filter(
        (_, step) => coverIndexFor(step, config.coverImages.length) === cover,
      )
      .map((step) => step.name),
  );
}

/** The example's first cover, for a form that has none to copy into four. */
const fallbackCover: Cover = {
  src: '/images/cover-0-800.webp',
  alt: '',
  width: 1200,
  height: 1500,
  sources: [],
};

/**
 * The covers for one cover on every step (the first kept) or one per step (four, the ones there
 * kept and the rest copies of the first), so switching back and forth loses no picture it can keep.
 */
export function coversFor(
  covers: readonly Cover[],
  isSingle: boolean,
): Cover[] {
  if (isSingle) return covers.slice(0, 1);
  return [0, 1, 2, 3].map(
    (index) => covers[index] ?? structuredClone(covers[0] ?? fallbackCover),
  );
}

/** An uploaded picture as a cover, keeping the description the place had: the picture changed, perhaps not what it shows. */
export const coverFromUpload = (
  image: UploadedImage,
  before: Cover | undefined,
): Cover => ({ ...image, alt: before?.alt ?? '' });

/** An uploaded picture as the logo, its description the one it had, else the form's title. */
export const logoFromUpload = (
  image: UploadedImage,
  before: WizardConfig['logo'],
  title: string,
): NonNullable<WizardConfig['logo']> => ({
  src: image.src,
  width: image.width,
  height: image.height,
  alt: before?.alt ?? title,
});
