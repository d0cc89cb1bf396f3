import { JsonKind, type JsonNodeId, type JsonTree } from './json-tree';

/** Keys that identify steps, todos, step configs and routes in planvas documents. */
const IDENTITY_KEYS = ['id', 'route_id'] as const;
export type IdentityKey = (typeof IDENTITY_KEYS)[number];

function stringMember(tree: JsonTree, node: JsonNodeId, key: string): string | undefined {
  const member = tree.member(node, key);
  return member >= 0 && tree.kind(member) === JsonKind.String ? (tree.scalarValue(member) as string) : undefined;
}

/**
 * The key by which the elements of an original array can be recognised after
 * an edit: every element must be an object with a distinct string value for
 * it. Anything weaker (mixed arrays, repeated ids) falls back to positions.
 */
export function identityKeyOf(tree: JsonTree, array: JsonNodeId): IdentityKey | null {
  // Most arrays hold strings or numbers: answer those without allocating.
  const first = tree.firstChild(array);
  if (first < 0 || tree.kind(first) !== JsonKind.Object) return null;
  const elements = tree.children(array);
  for (const key of IDENTITY_KEYS) {
    const seen = new Set<string>();
    let usable = true;
    for (const element of elements) {
      const id = stringMember(tree, element, key);
      if (id === undefined || seen.has(id)) {
        usable = false;
        break;
      }
      seen.add(id);
    }
    if (usable) return key;
  }
  return null;
}

function identityOf(value: unknown, key: IdentityKey): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const id = (value as Record<string, unknown>)[key];
  return typeof id === 'string' ? id : undefined;
}

/**
 * For each new element, the position of the original element it continues
 * (-1: none); null when every element continues the one at its own position.
 *
 * Elements are recognised by identity first, so inserting, deleting or moving a
 * step leaves the others untouched. New elements that remain unmatched then take
 * the unmatched originals in order: a renamed id is still "the same step", and
 * its untouched fields keep their original text and key order.
 */
export function pairArrayElements(tree: JsonTree, array: JsonNodeId, values: readonly unknown[]): Int32Array | null {
  const first = tree.firstChild(array);
  if (first < 0 || tree.kind(first) !== JsonKind.Object) return null;
  if (idsInPlace(tree, array, values)) return null;
  const key = identityKeyOf(tree, array);
  if (key === null) return null;
  const originals = tree.children(array);
  const pairs = new Int32Array(values.length).fill(-1);
  const originalIndexById = new Map<string, number>();
  originals.forEach((element, index) => {
    const id = stringMember(tree, element, key);
    if (id !== undefined) originalIndexById.set(id, index);
  });
  const used = new Uint8Array(originals.length);
  for (let j = 0; j < values.length; j++) {
    const id = identityOf(values[j], key);
    const index = id === undefined ? undefined : originalIndexById.get(id);
    if (index !== undefined && used[index] === 0) {
      pairs[j] = index;
      used[index] = 1;
    }
  }
  let nextOriginal = 0;
  for (let j = 0; j < values.length; j++) {
    if (pairs[j] !== -1) continue;
    while (nextOriginal < originals.length && used[nextOriginal] === 1) nextOriginal++;
    if (nextOriginal >= originals.length) break;
    pairs[j] = nextOriginal;
    used[nextOriginal] = 1;
  }
  return pairs;
}

/**
 * The common case, checked without allocating: same length and every element
 * still carries the id of the original at its position, so pairing by
 * position gives the same answer as pairing by id.
 */
function idsInPlace(tree: JsonTree, array: JsonNodeId, values: readonly unknown[]): boolean {
  if (values.length !== tree.childCount(array)) return false;
  for (const key of IDENTITY_KEYS) {
    let element = tree.firstChild(array);
    let inPlace = true;
    for (let j = 0; j < values.length; j++, element = tree.nextSibling(element)) {
      const member = tree.member(element, key);
      if (member < 0 || !tree.scalarEquals(member, identityOf(values[j], key))) {
        inPlace = false;
        break;
      }
    }
    if (inPlace) return true;
  }
  return false;
}
