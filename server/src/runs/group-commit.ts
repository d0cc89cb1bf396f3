interface Pending<D, E> {
  drafts: ReadonlyArray<D>;
  resolve: (stored: E[]) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit per key (a run): appends that arrive while the key's previous commit is under way
 * are gathered and stored together by the next one, in arrival order, each caller answered with
 * its own part. A run's events thus take one transaction per backlog, not one per emit. An append
 * holding a draft that `endsBatch` (a run's final status) closes the batch: what came after it is
 * committed on its own, after it (and refused there as the store refuses it).
 */
export class GroupCommit<D, E> {
  private readonly waiting = new Map<string, Array<Pending<D, E>>>();
  private readonly draining = new Map<string, Promise<void>>();

  constructor(
    private readonly commit: (key: string, drafts: D[]) => Promise<E[]>,
    private readonly endsBatch: (draft: D) => boolean,
  ) {}

  add(key: string, drafts: ReadonlyArray<D>): Promise<E[]> {
    return new Promise<E[]>((resolve, reject) => {
      const queue = this.waiting.get(key);
      if (queue) queue.push({ drafts, resolve, reject });
      else this.waiting.set(key, [{ drafts, resolve, reject }]);
      if (!this.draining.has(key)) this.drain(key);
    });
  }

  /** Resolves when every append added so far has been committed or refused. */
  async settled(): Promise<void> {
    while (this.draining.size > 0) await Promise.allSettled([...this.draining.values()]);
  }

  private drain(key: string): void {
    const done = (async () => {
      for (let batch = this.take(key); batch.length > 0; batch = this.take(key)) {
        try {
          const stored = await this.commit(
            key,
            batch.flatMap((append) => append.drafts),
          );
          let from = 0;
          for (const append of batch) {
            append.resolve(stored.slice(from, from + append.drafts.length));
            from += append.drafts.length;
          }
        } catch (error) {
          for (const append of batch) append.reject(error);
        }
      }
    })().finally(() => this.draining.delete(key));
    this.draining.set(key, done);
  }

  /** The appends waiting for `key`, up to and including the first one that ends a batch. */
  private take(key: string): Array<Pending<D, E>> {
    const queue = this.waiting.get(key) ?? [];
    const end = queue.findIndex((append) => append.drafts.some(this.endsBatch));
    const batch = end < 0 ? queue : queue.slice(0, end + 1);
    const rest = end < 0 ? [] : queue.slice(end + 1);
    if (rest.length > 0) this.waiting.set(key, rest);
    else this.waiting.delete(key);
    return batch;
  }
}
