/**
 * Test support (not exported from the package): a seeded generator, so the
 * randomised tests are deterministic and a failing seed can be replayed.
 * mulberry32: tiny, fast, and good enough to drive a generator.
 */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number): number => Math.floor(next() * max);
  return {
    next,
    int,
    chance: (p: number): boolean => next() < p,
    pick: <T>(items: readonly T[]): T => items[int(items.length)] as T,
  };
}
export type Random = ReturnType<typeof createRandom>;
