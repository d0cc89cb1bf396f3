import { Field, Flag, JsonTree, NODE_STRIDE, type JsonNodeId } from './json-tree';

// Whether an object repeats a key, found while it is parsed: the writer must then know which
// member JSON.parse kept (the last). Module functions over the parser's node array.

/** Objects with more members than this look for repeated keys in a Set instead of scanning. */
export const LINEAR_DUPLICATE_SCAN_LIMIT = 16;

/** The keys of the first count members, once an object outgrows the linear scan. */
export function keysOf(tree: JsonTree, object: JsonNodeId, count: number): Set<string> {
  const keys = new Set<string>();
  let child = object + 1;
  for (let i = 0; i < count; i++) {
    keys.add(tree.key(child));
    child = tree.nextSibling(child);
  }
  return keys;
}

/** Whether member repeats the key of an earlier member of object (nodes: the parser's, size of them parsed). */
export function repeatsEarlierKey(text: string, nodes: Int32Array, size: number, object: JsonNodeId, member: JsonNodeId): boolean {
  const base = member * NODE_STRIDE;
  const start = nodes[base + Field.KeyStart] ?? 0;
  const length = (nodes[base + Field.KeyEnd] ?? 0) - start;
  const escaped = ((nodes[base + Field.KindAndFlags] ?? 0) & Flag.KeyEscaped) !== 0;
  let tree: JsonTree | null = null;
  for (let child = object + 1; child < member; child = nodes[child * NODE_STRIDE + Field.SubtreeEnd] ?? member) {
    const childBase = child * NODE_STRIDE;
    const otherStart = nodes[childBase + Field.KeyStart] ?? 0;
    if (escaped || ((nodes[childBase + Field.KindAndFlags] ?? 0) & Flag.KeyEscaped) !== 0) {
      // Different spellings may decode to the same key ("a" and "\u0061").
      tree ??= new JsonTree(text, nodes, size);
      if (tree.key(child) === tree.key(member)) return true;
      continue;
    }
    if ((nodes[childBase + Field.KeyEnd] ?? 0) - otherStart !== length) continue;
    let same = true;
    for (let i = 1; i < length - 1; i++) {
      if (text.charCodeAt(start + i) !== text.charCodeAt(otherStart + i)) {
        same = false;
        break;
      }
    }
    if (same) return true;
  }
  return false;
}
