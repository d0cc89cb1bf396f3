import type { TodoItem } from './schema';

/** One todo placed in the tree that its pre-ordered list and `depth` describe (seed 000). */
export interface TodoTreeRow {
  todo: TodoItem;
  /** Position in the flat list. */
  index: number;
  /** Depth after clamping (see `todoTree`). */
  depth: number;
  /** Dotted display number: `1`, `1.1`, `1.1.1`, `2`. */
  number: string;
  /** Flat index of the parent row; undefined at the top level. */
  parentIndex: number | undefined;
  /** A row without children; progress counts only these. */
  isLeaf: boolean;
}

/**
 * Derives the tree from the flat, pre-ordered list. An item may claim a depth deeper than its
 * position allows (a sub-step moved above its parent, or written by a sloppy runtime): it is
 * clamped to one level below the previous row, so numbering stays legible and nothing is dropped.
 */
export function todoTree(todos: ReadonlyArray<TodoItem>): TodoTreeRow[] {
  const rows: TodoTreeRow[] = [];
  // counters[d] = number of the current item at depth d; ancestors[d] = row index at depth d.
  const counters: number[] = [];
  const ancestors: number[] = [];
  let previousDepth = -1;
  todos.forEach((todo, index) => {
    const claimed = typeof todo.depth === 'number' && Number.isFinite(todo.depth) ? Math.max(0, Math.floor(todo.depth)) : 0;
    const depth = Math.min(claimed, previousDepth + 1);
    counters.length = depth + 1;
    ancestors.length = depth + 1;
    counters[depth] = (counters[depth] ?? 0) + 1;
    ancestors[depth] = index;
    const parentIndex = depth > 0 ? ancestors[depth - 1] : undefined;
    if (parentIndex !== undefined) {
      const parent = rows[parentIndex];
      if (parent) parent.isLeaf = false;
    }
    rows.push({ todo, index, depth, number: counters.join('.'), parentIndex, isLeaf: true });
    previousDepth = depth;
  });
  return rows;
}

/** Flat index where a new child of `parentIndex` goes: after the parent's whole subtree. */
export function subtreeEnd(rows: ReadonlyArray<TodoTreeRow>, parentIndex: number): number {
  const parent = rows[parentIndex];
  if (!parent) return rows.length;
  let end = parentIndex + 1;
  while (end < rows.length && (rows[end]?.depth ?? 0) > parent.depth) end++;
  return end;
}
