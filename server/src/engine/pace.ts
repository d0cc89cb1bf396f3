import { RunCancelled } from './step-failure';

/** Waits `ms`, or rejects with RunCancelled as soon as `signal` aborts. `ms <= 0` does not wait at all. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(cancelled(signal));
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelled(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export function cancelled(signal: AbortSignal): RunCancelled {
  const reason = signal.reason;
  return reason instanceof RunCancelled ? reason : new RunCancelled(typeof reason === 'string' ? reason : 'cancelled');
}

export function throwIfCancelled(signal: AbortSignal): void {
  if (signal.aborted) throw cancelled(signal);
}

/**
 * Races `work` against a timeout and the run's signal. The work gets a signal of its own that
 * aborts on either, so a provider can stop its HTTP request or child process.
 */
export async function withDeadline<T>(
  work: (signal: AbortSignal) => Promise<T>,
  options: { timeoutMs: number; signal: AbortSignal; onTimeout: () => Error },
): Promise<T> {
  throwIfCancelled(options.signal);
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const onAbort = () => controller.abort(options.signal.reason);
  options.signal.addEventListener('abort', onAbort, { once: true });
  try {
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = options.onTimeout();
        controller.abort(error);
        reject(error);
      }, options.timeoutMs);
      controller.signal.addEventListener(
        'abort',
        () => {
          if (options.signal.aborted) reject(cancelled(options.signal));
        },
        { once: true },
      );
    });
    return await Promise.race([work(controller.signal), deadline]);
  } finally {
    if (timer) clearTimeout(timer);
    options.signal.removeEventListener('abort', onAbort);
  }
}
