import { formatJsonPath } from '@planvas/shared';

/**
 * Three-way merge of JSON documents, for "keep mine (rebased)": the edits this tab made since
 * `base` (the version it loaded) are re-applied onto `theirs` (what is on disk now), so a change
 * made elsewhere meanwhile survives unless this tab changed the very same value.
 *
 * - Objects merge key by key; the result keeps theirs' key order (the file's), then new keys of mine.
 * - Arrays of objects with a unique `id` (steps, step_config entries) or `route_id` (routes) merge
 *   element by element: steps added on either side are kept, a step deleted on one side goes unless
 *   the other side changed it. Mine's order wins; steps only theirs added follow their predecessor.
 * - Anything else changed on both sides differently is a conflict: mine wins, and its path is reported.
 */
export interface MergeResult {
  value: unknown;
  /** JSONPaths changed on both sides in different ways; mine was kept there. */
  conflicts: string[];
}

const ABSENT = Symbol('absent');
type Value = unknown;
type Path = Array<string | number>;

export function mergeJson3(base: unknown, mine: unknown, theirs: unknown): MergeResult {
  const conflicts: string[] = [];
  const value = merge(base, mine, theirs, [], conflicts);
  return { value: value === ABSENT ? undefined : value, conflicts };
}

/** Deep equality of JSON values; shared subtrees (the same object) are equal at once. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => sameJson(item, other[i]));
  }
  const ak = Object.keys(a);
  const bk = Object.keys(b);
  if (ak.length !== bk.length) return false;
  const bo = b as Record<string, unknown>;
  return ak.every((key) => Object.prototype.hasOwnProperty.call(bo, key) && sameJson((a as Record<string, unknown>)[key], bo[key]));
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function merge(base: Value, mine: Value, theirs: Value, path: Path, conflicts: string[]): Value {
  if (sameJson(mine, base)) return theirs;
  if (sameJson(theirs, base)) return mine;
  if (sameJson(mine, theirs)) return mine;
  if (isObject(mine) && isObject(theirs)) return mergeObjects(isObject(base) ? base : {}, mine, theirs, path, conflicts);
  if (Array.isArray(mine) && Array.isArray(theirs) && Array.isArray(base)) {
    const keyed = mergeKeyedArrays(base, mine, theirs, path, conflicts);
    if (keyed) return keyed;
  }
  conflicts.push(formatJsonPath(path));
  return mine;
}

function mergeObjects(
  base: Record<string, unknown>,
  mine: Record<string, unknown>,
  theirs: Record<string, unknown>,
  path: Path,
  conflicts: string[],
): Record<string, unknown> {
  const keys = [...Object.keys(theirs)];
  for (const key of Object.keys(mine)) if (!(key in theirs)) keys.push(key);
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const value = merge(own(base, key), own(mine, key), own(theirs, key), [...path, key], conflicts);
    if (value !== ABSENT) out[key] = value;
  }
  return out;
}

function own(object: Record<string, unknown>, key: string): Value {
  return Object.prototype.hasOwnProperty.call(object, key) ? object[key] : ABSENT;
}

/** `id` or `route_id`, when every element has one and no two share it; else undefined. */
function keysOf(list: unknown[]): string[] | undefined {
  for (const field of ['id', 'route_id']) {
    const keys: string[] = [];
    for (const item of list) {
      const key = isObject(item) ? item[field] : undefined;
      if (typeof key !== 'string') break;
      keys.push(key);
    }
    if (keys.length === list.length && new Set(keys).size === keys.length) return keys;
  }
  return undefined;
}

function mergeKeyedArrays(base: unknown[], mine: unknown[], theirs: unknown[], path: Path, conflicts: string[]): unknown[] | undefined {
  const bk = keysOf(base);
  const mk = keysOf(mine);
  const tk = keysOf(theirs);
  // Empty lists have no keys to go by but merge all the same.
  if ((!bk && base.length > 0) || (!mk && mine.length > 0) || (!tk && theirs.length > 0)) return undefined;
  const b = new Map((bk ?? []).map((k, i) => [k, base[i]]));
  const m = new Map((mk ?? []).map((k, i) => [k, mine[i]]));
  const t = new Map((tk ?? []).map((k, i) => [k, theirs[i]]));

  const order: string[] = [];
  for (const key of mk ?? []) {
    if (b.has(key) && !t.has(key)) {
      // Theirs deleted it: it goes, unless mine changed it meanwhile.
      if (sameJson(m.get(key), b.get(key))) continue;
      conflicts.push(formatJsonPath([...path, key]));
    }
    order.push(key);
  }
  for (const key of bk ?? []) {
    if (!m.has(key) && t.has(key) && !sameJson(t.get(key), b.get(key))) conflicts.push(formatJsonPath([...path, key]));
  }
  // What only theirs added goes after the element it follows on disk.
  const theirsOrder = tk ?? [];
  theirsOrder.forEach((key, i) => {
    if (b.has(key) || m.has(key)) return;
    let at = 0;
    for (let j = i - 1; j >= 0; j--) {
      const found = order.indexOf(theirsOrder[j] as string);
      if (found >= 0) {
        at = found + 1;
        break;
      }
    }
    order.splice(at, 0, key);
  });

  return order.map((key, i) => {
    const inMine = m.has(key);
    const inTheirs = t.has(key);
    if (inMine && inTheirs && b.has(key)) return merge(b.get(key), m.get(key), t.get(key), [...path, i], conflicts);
    if (inMine && inTheirs) {
      if (!sameJson(m.get(key), t.get(key))) conflicts.push(formatJsonPath([...path, i]));
      return m.get(key);
    }
    return inMine ? m.get(key) : t.get(key);
  });
}
