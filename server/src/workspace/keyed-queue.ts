/**
 * Runs tasks one after another per key (a file path), in arrival order. A save reads the
 * current revision, compares it with If-Match and writes: without this, two saves based on the
 * same revision could both pass the check. Different keys run in parallel.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    // The tail never rejects, so one failed save does not fail the saves queued behind it.
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with queued or running work (for tests and shutdown). */
  get size(): number {
    return this.tails.size;
  }
}
