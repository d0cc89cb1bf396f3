/** A piece of two texts compared word by word: in both, only in the first (removed), only in the second (added). */
export type DiffPart = { kind: 'same' | 'removed' | 'added'; text: string };

/** Longest texts compared word by word; past this, the two are shown whole, one removed and one added. */
const MAX_WORDS = 2000;

/**
 * `before` → `after` as runs of words kept, removed and added (a longest common subsequence of
 * words, whitespace kept with its word), for showing what changed between two results.
 */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = before.match(/\S+\s*/g) ?? [];
  const b = after.match(/\S+\s*/g) ?? [];
  if (a.length > MAX_WORDS || b.length > MAX_WORDS)
    return merge([
      { kind: 'removed', text: before },
      { kind: 'added', text: after },
    ]);
  // lcs[i][j]: length of the longest common subsequence of a[i..] and b[j..].
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint16Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i]![j] = a[i]!.trim() === b[j]!.trim() ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const parts: DiffPart[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i]!.trim() === b[j]!.trim()) {
      parts.push({ kind: 'same', text: b[j]! });
      i++;
      j++;
    } else if (i < a.length && (j === b.length || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
      // Removed before added, as a reader expects "one → two".
      parts.push({ kind: 'removed', text: a[i++]! });
    } else {
      parts.push({ kind: 'added', text: b[j++]! });
    }
  }
  return merge(parts);
}

function merge(parts: DiffPart[]): DiffPart[] {
  const out: DiffPart[] = [];
  for (const part of parts) {
    if (part.text === '') continue;
    const last = out.at(-1);
    if (last && last.kind === part.kind) last.text += part.text;
    else out.push({ ...part });
  }
  return out;
}
