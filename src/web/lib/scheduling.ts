// When work that can wait runs, so that it never delays what a click or a load shows.

/** Runs `callback` once the next frame has been painted. Returns a function that cancels it. */
export function afterNextPaint(callback: () => void): () => void {
  let isDone = false;
  const run = () => {
    if (isDone) return;
    isDone = true;
    callback();
  };
  const frame = requestAnimationFrame(() => setTimeout(run, 0));
  // A tab in the background paints nothing; what waits for a paint must still run there.
  const fallback = setTimeout(run, 100);
  return () => {
    isDone = true;
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
  };
}

/** Runs `callback` when the browser is idle, within 2 s at the latest. Returns a function that cancels it. */
export function whenIdle(callback: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(callback, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(callback, 200);
  return () => clearTimeout(handle);
}
