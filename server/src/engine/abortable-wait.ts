import { cancelled } from './pace';

/**
 * A wait for the user (an answer, a resume) that a cancel ends: `hold` receives the function that
 * ends the wait with a value, `release` forgets it once the wait is over either way. The abort
 * listener is removed when the value comes, so a long run does not collect them.
 */
export function abortableWait<T>(signal: AbortSignal, hold: (finish: (value: T) => void) => void, release: () => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      release();
      reject(cancelled(signal));
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    hold((value) => {
      signal.removeEventListener('abort', onAbort);
      release();
      resolve(value);
    });
  });
}
