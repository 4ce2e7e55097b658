/** The screen the preview shows the form on. */
export type PreviewDevice = 'phone' | 'desktop';

/** The screens' CSS pixels: a common phone's width, and a laptop's screen. */
const screens: Record<PreviewDevice, { width: number; height: number }> = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
};

/**
 * The preview frame's own size, which the wizard's media queries see, and the scale it is drawn at
 * to fit the room it has. A phone keeps its width and takes the room's height; a desktop keeps its
 * whole screen, drawn smaller. Nothing is drawn larger than life.
 */
export function previewFrameBox(
  device: PreviewDevice,
  room: { width: number; height: number },
): { width: number; height: number; scale: number } {
  const screen = screens[device];
  // A room not laid out yet (the preview's tab hidden) keeps the frame at its own size.
  if (room.width <= 0) return { ...screen, scale: 1 };
  const scale = Math.min(1, room.width / screen.width);
  const height =
    device === 'phone' && room.height > 0 ? room.height / scale : screen.height;
  return { width: screen.width, height: Math.round(height), scale };
}
