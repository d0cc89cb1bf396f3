import type { JsonNodeId, JsonTree } from './json-tree';

/**
 * Which keys of an edited object are the original's, and where the keys the text does not
 * have go. Original keys are written in the order of the text, whatever the value's order.
 */

/** Keys a JS object orders first, as array indices ("0", "12"; not "01" or "-1"). */
function isIntegerLikeKey(key: string): boolean {
  return /^(0|[1-9][0-9]*)$/.test(key) && Number(key) < 4294967295;
}

/** New keys by the index of the original member they go before or after, and those going last. */
export interface NewKeyPlaces {
  before: Map<number, string[]>;
  after: Map<number, string[]>;
  atEnd: string[];
}

/** Whether every key of the value is one of the object's original keys. */
export function allKeysOriginal(tree: JsonTree, node: JsonNodeId, keys: readonly string[]): boolean {
  const original = new Set(tree.children(node).map((child) => tree.key(child)));
  return keys.every((key) => original.has(key));
}

/**
 * Where each key the text does not have goes. A renamed or inserted key keeps its place among
 * its neighbours: right after the nearest original key before it in the value's order, else
 * right before the nearest original key after it. Integer-like keys (and keys with no original
 * neighbour) go last, since JS moves integer-like keys to the front of every object and their
 * order says nothing.
 */
export function placeNewKeys(tree: JsonTree, node: JsonNodeId, keys: readonly string[]): NewKeyPlaces {
  const indexOf = new Map<string, number>();
  tree.children(node).forEach((child, i) => indexOf.set(tree.key(child), i));
  const placed = { before: new Map<number, string[]>(), after: new Map<number, string[]>(), atEnd: [] as string[] };
  const push = (map: Map<number, string[]>, at: number, key: string) => {
    const list = map.get(at);
    if (list) list.push(key);
    else map.set(at, [key]);
  };
  const ordered = keys.filter((key) => !isIntegerLikeKey(key));
  for (const key of keys) {
    if (indexOf.has(key)) continue;
    if (isIntegerLikeKey(key)) {
      placed.atEnd.push(key);
      continue;
    }
    const at = ordered.indexOf(key);
    const previous = ordered
      .slice(0, at)
      .reverse()
      .find((k) => indexOf.has(k));
    const next = previous === undefined ? ordered.slice(at + 1).find((k) => indexOf.has(k)) : undefined;
    if (previous !== undefined) push(placed.after, indexOf.get(previous)!, key);
    else if (next !== undefined) push(placed.before, indexOf.get(next)!, key);
    else placed.atEnd.push(key);
  }
  return placed;
}

/** Whether the value's keys are the original keys in the original order (no allocation). */
export function keysAligned(tree: JsonTree, node: JsonNodeId, keys: readonly string[]): boolean {
  let member = tree.firstChild(node);
  for (let i = 0; i < keys.length; i++, member = tree.nextSibling(member)) {
    if (!tree.keyIs(member, keys[i] as string)) return false;
  }
  return true;
}

/** The member JSON.parse keeps for each key (the last one), for objects with repeated keys. */
export function keptMembersByKey(tree: JsonTree, node: JsonNodeId): Map<string, JsonNodeId> {
  const last = new Map<string, JsonNodeId>();
  for (const member of tree.children(node)) last.set(tree.key(member), member);
  return last;
}
