import type { TodoItem } from './schema';

/** One todo placed in the tree that its pre-ordered list and `depth` describe (docs/formats.md "Todo tree and progress"). */
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

function claimedDepth(todo: TodoItem): number {
  const d = todo.depth;
  // Most lists are flat: an absent depth is the common case and the cheapest check.
  if (d == null || !(d > 0)) return 0;
  return Number.isFinite(d) ? Math.floor(d) : 0;
}

/**
 * Depth of every item after clamping: an item may claim a depth deeper than its position allows
 * (a sub-step moved above its parent, or written by a sloppy runtime); it is clamped to one level
 * below the previous row, so numbering stays legible and nothing is dropped.
 */
export function clampedDepths(todos: ReadonlyArray<TodoItem>): Int32Array {
  const depths = new Int32Array(todos.length);
  let previous = -1;
  for (let i = 0; i < todos.length; i++) {
    const claimed = claimedDepth(todos[i]!);
    const depth = claimed > previous + 1 ? previous + 1 : claimed;
    depths[i] = depth;
    previous = depth;
  }
  return depths;
}

/** True for item `i` when it has no children: the next row is not deeper. */
export function isLeafAt(depths: Int32Array, i: number): boolean {
  return i + 1 >= depths.length || depths[i + 1]! <= depths[i]!;
}

/**
 * Derives the tree from the flat, pre-ordered list: the list is the depth-first serialisation of
 * the tree, and dotted numbers are derived when shown (docs/formats.md "Todo tree and progress").
 */
export function todoTree(todos: ReadonlyArray<TodoItem>): TodoTreeRow[] {
  const depths = clampedDepths(todos);
  const rows: TodoTreeRow[] = new Array(todos.length);
  // counters[d]: number of the current item at depth d; prefixes[d]: its dotted number;
  // ancestors[d]: its row index. Only entries up to the current depth are meaningful.
  const counters: number[] = [];
  const prefixes: string[] = [];
  const ancestors: number[] = [];
  let previousDepth = -1;
  for (let index = 0; index < todos.length; index++) {
    const depth = depths[index]!;
    const count = depth > previousDepth ? 1 : counters[depth]! + 1;
    counters[depth] = count;
    ancestors[depth] = index;
    const number = depth === 0 ? String(count) : `${prefixes[depth - 1]}.${count}`;
    prefixes[depth] = number;
    rows[index] = {
      todo: todos[index]!,
      index,
      depth,
      number,
      parentIndex: depth > 0 ? ancestors[depth - 1] : undefined,
      isLeaf: isLeafAt(depths, index),
    };
    previousDepth = depth;
  }
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
