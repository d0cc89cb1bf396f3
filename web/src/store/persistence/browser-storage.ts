import type { DraftStorage } from './draft-storage';

/** localStorage, or null where it is unavailable (disabled, sandboxed, private mode quirks). */
export function browserStorage(): DraftStorage | null {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    return null;
  }
}
