/**
 * How the wizard crops a cover, from its stylesheet: on a phone (up to 576 px wide) the cover is
 * a band across the top, 30% of the screen's height and at least 180 px (the first step's band is
 * shorter, 22%); above that it fills the left 45% of the screen at full height. Either way the
 * picture covers its box (`object-fit: cover`, centred), so whatever sticks out is cut off.
 */

type Size = { width: number; height: number };

export type Device = 'phone' | 'desktop';

/** The screens the editor previews on, and the cover's box on each. */
export const previewScreens: Record<Device, { screen: Size; cover: Size }> = {
  phone: {
    screen: { width: 375, height: 812 },
    cover: { width: 375, height: Math.max(0.3 * 812, 180) },
  },
  desktop: {
    screen: { width: 1280, height: 800 },
    cover: { width: 0.45 * 1280, height: 800 },
  },
};

/** The share of the picture's width and of its height that shows in a box, each from 0 to 1. */
export type Crop = { width: number; height: number };

/** What of a picture a box shows when the picture covers it, centred. */
export function cropOf(picture: Size, box: Size): Crop {
  const pictureRatio = picture.width / picture.height;
  const boxRatio = box.width / box.height;
  return pictureRatio > boxRatio
    ? { width: boxRatio / pictureRatio, height: 1 }
    : { width: 1, height: pictureRatio / boxRatio };
}

/**
 * Below this share of its width (or height) a picture counts as cropped hard. Photographs often
 * put their subject on a line a third of the way across: showing half the picture, centred, leaves
 * a twelfth of the picture between those lines and the box's edges, and showing less leaves less,
 * until at a third the lines are the edges. The example form's own covers (4:5) show 51% of their
 * height on a phone.
 */
const hardCropShare = 0.5;

export type CropWarning = {
  device: Device;
  /** The side cut: the width for a picture wider than its box, the height for a taller one. */
  side: 'width' | 'height';
  /** The share of that side that shows, from 0 to 1. */
  share: number;
};

/** Each device on which the picture shows less than `hardCropShare` of a side. */
export function cropWarnings(picture: Size): CropWarning[] {
  return (Object.keys(previewScreens) as Device[]).flatMap((device) => {
    const crop = cropOf(picture, previewScreens[device].cover);
    const side = crop.width < crop.height ? 'width' : 'height';
    return crop[side] < hardCropShare
      ? [{ device, side, share: crop[side] }]
      : [];
  });
}

/** A share as a whole percentage, rounded down, so a crop never reads kinder than it is. */
const percentOf = (share: number) => `${Math.floor(share * 100)}%`;

/** A warning in words: how much shows, what is cut, and what to do. */
export function cropWarningText({ device, side, share }: CropWarning): string {
  const shown = `On ${device === 'phone' ? 'phones' : 'desktops'} only ${percentOf(share)} of this picture’s ${side} shows`;
  return side === 'width'
    ? `${shown}: its left and right are cut off. Keep what matters in the middle, or choose a less wide picture.`
    : `${shown}: its top and bottom are cut off. Keep what matters in the middle, or choose a less tall picture.`;
}

/** The logo's height in the wizard, at any width: it is never cropped, only scaled. */
export const logoHeight = 48;

/**
 * The width a logo has in a step's header: on a phone, the screen less the column's 20 px sides,
 * less the back arrow (44 px, pulled 10 px out) and the 12 px gap after it; on a desktop, where
 * the arrow is hidden, the step's column, at most 540 px. A wider logo never shrinks (it keeps its
 * 48 px height): on a phone it squeezes the arrow's tap target first, then runs past the column.
 */
export const logoRoom: Record<Device, number> = {
  phone: 375 - 2 * 20 - (44 - 10) - 12,
  desktop: 540,
};

/** The logo's width in the wizard, in CSS pixels. */
export const logoWidthOf = (logo: Size) =>
  Math.round((logoHeight * logo.width) / logo.height);

/** What a logo too wide for a step's header does, in words, or null where it fits. */
export function logoWarningText(logo: Size): string | null {
  const width = logoWidthOf(logo);
  if (width <= logoRoom.phone) return null;
  const desktop =
    width > logoRoom.desktop
      ? `, and the ${logoRoom.desktop} px of a desktop’s step`
      : '';
  return `At its ${logoHeight} px height the logo is ${width} px wide, more than the ${logoRoom.phone} px a phone has for it beside the back arrow${desktop}: it squeezes the back arrow and runs past the edge of the step. Choose a less wide logo, such as the mark with the name under it.`;
}

/** What of a picture shows, in words: "all of its width, 48% of its height". */
export function cropCaption(crop: Crop): string {
  const shown = (share: number) => (share >= 1 ? 'all' : percentOf(share));
  return `${shown(crop.width)} of its width, ${shown(crop.height)} of its height`;
}
