import { describe, expect, it } from 'vitest';
import { PROBLEMS_SEEN_KEY, PROBLEMS_SEEN_LIMIT, shouldOpenProblems, type ProblemsSeenStorage } from './problems-first-open';

function memoryStorage(initial: Record<string, string> = {}): ProblemsSeenStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return { data, getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value) };
}

describe('shouldOpenProblems', () => {
  it('opens the panel the first time a workflow with problems is opened, not the next times', () => {
    const storage = memoryStorage();
    expect(shouldOpenProblems(storage, 'Workflow/LegacyOnboarding', 4)).toBe(true);
    expect(shouldOpenProblems(storage, 'Workflow/LegacyOnboarding', 4)).toBe(false);
    expect(shouldOpenProblems(storage, 'Workflow/Other', 1)).toBe(true);
    expect(JSON.parse(storage.data.get(PROBLEMS_SEEN_KEY)!)).toEqual(['Workflow/LegacyOnboarding', 'Workflow/Other']);
  });

  it('never opens it for a workflow without problems, and does not count that open', () => {
    const storage = memoryStorage();
    expect(shouldOpenProblems(storage, 'Workflow/Clean', 0)).toBe(false);
    expect(storage.data.size).toBe(0);
    expect(shouldOpenProblems(storage, 'Workflow/Clean', 2)).toBe(true);
  });

  it('opens it when there is no storage or the entry is unreadable', () => {
    expect(shouldOpenProblems(null, 'W', 1)).toBe(true);
    expect(shouldOpenProblems(null, 'W', 1)).toBe(true);
    const garbled = memoryStorage({ [PROBLEMS_SEEN_KEY]: '{not json' });
    expect(shouldOpenProblems(garbled, 'W', 1)).toBe(true);
    expect(shouldOpenProblems(garbled, 'W', 1)).toBe(false);
  });

  it('keeps a bounded list, dropping the oldest ids', () => {
    const ids = Array.from({ length: PROBLEMS_SEEN_LIMIT }, (_, i) => `W${i}`);
    const storage = memoryStorage({ [PROBLEMS_SEEN_KEY]: JSON.stringify(ids) });
    expect(shouldOpenProblems(storage, 'New', 1)).toBe(true);
    const kept = JSON.parse(storage.data.get(PROBLEMS_SEEN_KEY)!) as string[];
    expect(kept).toHaveLength(PROBLEMS_SEEN_LIMIT);
    expect(kept[0]).toBe('W1');
    expect(kept.at(-1)).toBe('New');
  });

  it('still answers when the storage refuses to write', () => {
    const full: ProblemsSeenStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(shouldOpenProblems(full, 'W', 1)).toBe(true);
  });
});
