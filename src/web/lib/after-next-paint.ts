/**
 * Runs `callback` once the next frame has been painted, so work that can wait never delays what a
 * click or a load shows. Returns a function that cancels it.
 */
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
