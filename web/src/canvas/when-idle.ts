/** How long to wait at most without an idle period, and how long to wait where the browser cannot tell (Safari). */
const IDLE_WAIT_MS = 2000;
const NO_IDLE_CALLBACK_DELAY_MS = 300;

/**
 * Calls `callback` once the page has nothing more urgent to do (requestIdleCallback), within
 * IDLE_WAIT_MS at the latest; where there is no requestIdleCallback, after a short delay.
 * Returns a cancel function.
 */
export function whenIdle(callback: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(() => callback(), { timeout: IDLE_WAIT_MS });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(callback, NO_IDLE_CALLBACK_DELAY_MS);
  return () => clearTimeout(timer);
}
