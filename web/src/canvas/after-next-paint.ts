/** How long to wait for a frame at most: a page in a background tab gets none. */
const FRAME_WAIT_MS = 100;

/**
 * Calls `callback` in a task of its own after the browser has drawn the next frame (or after
 * FRAME_WAIT_MS without a frame: a hidden page draws none). Returns a cancel function.
 *
 * The canvas asks for a layout this way: the commit that asks is followed by that frame's style
 * and layout, which on a plan's first open is the whole app's (60-115 ms traced at 1,000 steps).
 * Asked for before it, that work ran while the worker laid out, as a long task of the page.
 */
export function afterNextPaint(callback: () => void): () => void {
  let done = false;
  let frame: number | null = null;
  let task: ReturnType<typeof setTimeout> | null = null;
  const run = () => {
    if (done) return;
    done = true;
    if (frame !== null) cancelAnimationFrame(frame);
    clearTimeout(fallback);
    // A task queued from the frame's callback runs once the frame's rendering is over.
    task = setTimeout(callback, 0);
  };
  const fallback = setTimeout(run, FRAME_WAIT_MS);
  if (typeof requestAnimationFrame === 'function') frame = requestAnimationFrame(run);
  return () => {
    done = true;
    if (frame !== null) cancelAnimationFrame(frame);
    clearTimeout(fallback);
    if (task !== null) clearTimeout(task);
  };
}
