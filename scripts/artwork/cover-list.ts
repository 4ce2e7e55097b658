import { coastCover } from './covers/coast.ts';
import { marketCover } from './covers/market.ts';
import { mountainsCover } from './covers/mountains.ts';
import { oldTownCover } from './covers/old-town.ts';

export interface Cover {
  /** Names the cover in the script's log only; the files are numbered by position. */
  slug: string;
  alt: string;
  svg: () => string;
}

/** The order is the cover numbering in file names and in artwork.json. */
export const COVERS: readonly Cover[] = [
  {
    slug: 'coast',
    alt: 'Illustration of a red-and-white lighthouse on a clifftop above a calm sea, with the sun setting over the water at golden hour.',
    svg: coastCover,
  },
  {
    slug: 'old town',
    alt: 'Illustration of a hillside old town of colourful houses with terracotta roofs, crowned by a domed church tower, above a glimpse of the sea.',
    svg: oldTownCover,
  },
  {
    slug: 'mountains',
    alt: 'Illustration of snow-capped mountain ranges reflected in a still lake, with a red canoe on the water and tall pines on the shore.',
    svg: mountainsCover,
  },
  {
    slug: 'food market',
    alt: 'Illustration of an evening food market with striped awnings, glowing paper lanterns and wooden crates of fresh fruit and vegetables.',
    svg: marketCover,
  },
];
