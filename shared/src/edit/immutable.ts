import { formatJsonPath } from '../errors/error-details';
import type { PathSegment } from '../plan/walk';

/**
 * Copy-on-write access by JSON path. Only the containers along the path are copied; every other
 * subtree keeps its object identity, which the format-preserving writer (reuses the raw text of
 * unchanged subtrees) and React (skips unchanged nodes) both rely on. Writing a value that is
 * already there returns the root itself, so a no-op edit is recognisable by `===`.
 */
type JsonObject = Record<string, unknown>;

export const isJsonObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads and writes of user keys: a key such as `__proto__` or `constructor` must mean the object's
 * own field, never its prototype (a plain `obj[key]` read answers Object.prototype for `__proto__`,
 * and a plain write replaces the prototype and loses the key).
 */
export const ownValue = (object: JsonObject, key: string): unknown => (Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined);

export function putOwn(object: JsonObject, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

export function getIn(root: unknown, path: readonly PathSegment[]): unknown {
  let current: unknown = root;
  for (const segment of path) {
    if (Array.isArray(current) && typeof segment === 'number') current = current[segment];
    else if (isJsonObject(current)) current = ownValue(current, String(segment));
    else return undefined;
  }
  return current;
}

/** Replaces the value at `path` by `fn(value)`; a missing last key is appended to its object. */
export function updateIn<T>(root: T, path: readonly PathSegment[], fn: (value: unknown) => unknown): T {
  return update(root, path, 0, fn) as T;
}

export function setIn<T>(root: T, path: readonly PathSegment[], value: unknown): T {
  return updateIn(root, path, () => value);
}

/** Removes an object key (keeping the order of the others) or an array element. */
export function deleteIn<T>(root: T, path: readonly PathSegment[]): T {
  if (path.length === 0) throw new Error('cannot delete the root');
  const parentPath = path.slice(0, -1);
  const last = path[path.length - 1] as PathSegment;
  return updateIn(root, parentPath, (parent) => {
    if (Array.isArray(parent) && typeof last === 'number') {
      if (last < 0 || last >= parent.length) return parent;
      return [...parent.slice(0, last), ...parent.slice(last + 1)];
    }
    if (isJsonObject(parent)) return withoutKey(parent, String(last));
    return parent;
  });
}

/** The object without `key`, or the object itself when it has no such key. */
export function withoutKey<O extends JsonObject>(object: O, key: string): O {
  if (!Object.prototype.hasOwnProperty.call(object, key)) return object;
  const copy: JsonObject = {};
  for (const [k, v] of Object.entries(object)) if (k !== key) putOwn(copy, k, v);
  return copy as O;
}

/**
 * `next` with every part equal in content to the matching part of `previous` replaced by that
 * part: an editor form hands back fresh objects (a new `{ provider, model_id }` on each save) that
 * would otherwise look changed to React and to the format-preserving writer. Array elements are
 * matched by identity, then by `id` / `route_id` (so a moved step keeps its object), else by
 * position. Returns `previous` itself when all is equal (key order aside: the writer keeps the
 * file's order anyway).
 */
export function reconcile<T>(previous: unknown, next: T): T {
  if (Object.is(previous, next)) return next;
  if (Array.isArray(previous) && Array.isArray(next)) {
    const pool = new Set<unknown>(previous);
    const out = next.map((item, i) => (pool.has(item) ? item : reconcile(counterpart(previous, item, i), item)));
    const same = out.length === previous.length && out.every((item, i) => item === previous[i]);
    return (same ? previous : out) as T;
  }
  if (isJsonObject(previous) && isJsonObject(next)) {
    const out: JsonObject = {};
    let same = Object.keys(previous).length === Object.keys(next).length;
    for (const [key, value] of Object.entries(next)) {
      const before = ownValue(previous, key);
      const kept = reconcile(before, value);
      putOwn(out, key, kept);
      if (kept !== before || !Object.prototype.hasOwnProperty.call(previous, key)) same = false;
    }
    return (same ? previous : out) as T;
  }
  return next;
}

/** What an array element is compared with: the previous element of the same id, else the one at its position. */
function counterpart(previous: readonly unknown[], item: unknown, index: number): unknown {
  if (isJsonObject(item)) {
    for (const key of ['id', 'route_id']) {
      const id = item[key];
      if (typeof id === 'string') return previous.find((p) => isJsonObject(p) && p[key] === id);
    }
  }
  return previous[index];
}

/**
 * Shallow merge where `undefined` removes a key. Existing keys keep their place, new ones are
 * appended; values equal in content to the current ones keep the current object (`reconcile`);
 * returns the object itself when nothing changes.
 */
export function mergeShallow<O extends JsonObject>(object: O, patch: Readonly<Record<string, unknown>>): O {
  let out: JsonObject = object;
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) {
      out = withoutKey(out, key);
      continue;
    }
    const current = ownValue(out, key);
    const kept = reconcile(current, value);
    // A computed key in a literal (and a spread) makes an own field, `__proto__` included.
    if (kept !== current || !Object.prototype.hasOwnProperty.call(out, key)) out = { ...out, [key]: kept };
  }
  return out as O;
}

function update(node: unknown, path: readonly PathSegment[], depth: number, fn: (value: unknown) => unknown): unknown {
  if (depth === path.length) return fn(node);
  const segment = path[depth] as PathSegment;
  if (Array.isArray(node) && typeof segment === 'number') {
    if (segment < 0 || segment >= node.length) throw new Error(`no element at ${formatJsonPath(path.slice(0, depth + 1))}`);
    const next = update(node[segment], path, depth + 1, fn);
    if (Object.is(next, node[segment])) return node;
    const copy = node.slice();
    copy[segment] = next;
    return copy;
  }
  if (isJsonObject(node)) {
    const key = String(segment);
    const current = ownValue(node, key);
    const next = update(current, path, depth + 1, fn);
    if (Object.is(next, current)) return node;
    return { ...node, [key]: next };
  }
  throw new Error(`no container at ${formatJsonPath(path.slice(0, depth))}`);
}
