let isPointerDown = false;
const waiting = new Set<() => void>();

function releaseAll() {
  isPointerDown = false;
  // After the click that ends this press has been dispatched to its target.
  setTimeout(() => {
    const callbacks = [...waiting];
    waiting.clear();
    callbacks.forEach((callback) => callback());
  }, 0);
}

if (typeof document !== 'undefined') {
  document.addEventListener('pointerdown', () => (isPointerDown = true), true);
  document.addEventListener('pointerup', releaseAll, true);
  document.addEventListener('pointercancel', releaseAll, true);
}

/**
 * Runs `callback` now, or, while a pointer is pressed, once it is released. A field blurs on the
 * mousedown of the next click; validating it then can add or remove an error line and move the
 * control under the pointer before mouseup, so the click would be lost.
 */
export function afterPointerRelease(callback: () => void): void {
  if (!isPointerDown) callback();
  else waiting.add(callback);
}
