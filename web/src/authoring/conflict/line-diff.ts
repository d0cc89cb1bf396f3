/**
 * A line diff of two texts (the user's version of a document and the one on disk), for the
 * conflict dialog. Common head and tail are matched first (edits are usually local); the middle
 * is diffed by longest common subsequence when it is small enough, else shown as removed + added
 * (a diff nobody can read anyway, and an LCS table that would not fit in memory).
 */
export type DiffLine = { kind: 'same' | 'add' | 'del'; text: string; oldNo?: number; newNo?: number };
export type DiffHunk = { kind: 'lines'; lines: DiffLine[] } | { kind: 'skip'; count: number };

const MAX_LCS_CELLS = 4_000_000;

export function diffLines(oldText: string, newText: string): DiffLine[] {
  const a = splitLines(oldText);
  const b = splitLines(newText);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const out: DiffLine[] = [];
  for (let i = 0; i < start; i++) out.push({ kind: 'same', text: a[i] as string, oldNo: i + 1, newNo: i + 1 });
  out.push(...diffMiddle(a, b, start, endA, start, endB));
  for (let i = endA, j = endB; i < a.length; i++, j++) out.push({ kind: 'same', text: a[i] as string, oldNo: i + 1, newNo: j + 1 });
  return out;
}

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function diffMiddle(a: string[], b: string[], a0: number, a1: number, b0: number, b1: number): DiffLine[] {
  const n = a1 - a0;
  const m = b1 - b0;
  const out: DiffLine[] = [];
  if (n === 0 && m === 0) return out;
  if (n * m > MAX_LCS_CELLS || n === 0 || m === 0) {
    for (let i = a0; i < a1; i++) out.push({ kind: 'del', text: a[i] as string, oldNo: i + 1 });
    for (let j = b0; j < b1; j++) out.push({ kind: 'add', text: b[j] as string, newNo: j + 1 });
    return out;
  }
  // lcs[i][j] = LCS length of a[a0+i..a1) and b[b0+j..b1), in one flat table.
  const width = m + 1;
  const lcs = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * width + j] =
        a[a0 + i] === b[b0 + j] ? (lcs[(i + 1) * width + j + 1] as number) + 1 : Math.max(lcs[(i + 1) * width + j] as number, lcs[i * width + j + 1] as number);
    }
  }
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[a0 + i] === b[b0 + j]) {
      out.push({ kind: 'same', text: a[a0 + i] as string, oldNo: a0 + i + 1, newNo: b0 + j + 1 });
      i++;
      j++;
    } else if ((lcs[(i + 1) * width + j] as number) >= (lcs[i * width + j + 1] as number)) {
      out.push({ kind: 'del', text: a[a0 + i] as string, oldNo: a0 + i + 1 });
      i++;
    } else {
      out.push({ kind: 'add', text: b[b0 + j] as string, newNo: b0 + j + 1 });
      j++;
    }
  }
  for (; i < n; i++) out.push({ kind: 'del', text: a[a0 + i] as string, oldNo: a0 + i + 1 });
  for (; j < m; j++) out.push({ kind: 'add', text: b[b0 + j] as string, newNo: b0 + j + 1 });
  return out;
}

/** Changed lines with `context` unchanged lines around them; longer unchanged runs are skipped. */
export function diffHunks(lines: DiffLine[], context = 3): DiffHunk[] {
  const keep = new Array<boolean>(lines.length).fill(false);
  lines.forEach((line, i) => {
    if (line.kind === 'same') return;
    for (let k = Math.max(0, i - context); k <= Math.min(lines.length - 1, i + context); k++) keep[k] = true;
  });
  const hunks: DiffHunk[] = [];
  let current: DiffLine[] = [];
  let skipped = 0;
  lines.forEach((line, i) => {
    if (keep[i]) {
      if (skipped > 0) hunks.push({ kind: 'skip', count: skipped });
      skipped = 0;
      current.push(line);
    } else {
      if (current.length > 0) hunks.push({ kind: 'lines', lines: current });
      current = [];
      skipped++;
    }
  });
  if (current.length > 0) hunks.push({ kind: 'lines', lines: current });
  if (skipped > 0) hunks.push({ kind: 'skip', count: skipped });
  return hunks;
}

export function diffStats(lines: DiffLine[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const line of lines) {
    if (line.kind === 'add') added++;
    else if (line.kind === 'del') removed++;
  }
  return { added, removed };
}
