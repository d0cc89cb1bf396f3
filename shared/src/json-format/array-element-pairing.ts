import type { JsonArrayNode, JsonNode } from './json-source';

/** Keys that identify steps, todos, step configs and routes in planvas documents. */
const IDENTITY_KEYS = ['id', 'route_id'] as const;
export type IdentityKey = (typeof IDENTITY_KEYS)[number];

function stringMember(node: JsonNode, key: string): string | undefined {
  if (node.kind !== 'object') return undefined;
  const members = node.members;
  // Last occurrence wins, as in the parsed value.
  for (let i = members.length - 1; i >= 0; i--) {
    const member = members[i];
    if (member !== undefined && member.key === key) {
      return member.node.kind === 'scalar' && typeof member.node.value === 'string' ? member.node.value : undefined;
    }
  }
  return undefined;
}

/**
 * The key by which the elements of an original array can be recognised after
 * an edit: every element must be an object with a distinct string value for
 * it. Anything weaker (mixed arrays, repeated ids) falls back to positions.
 */
export function identityKeyOf(array: JsonArrayNode): IdentityKey | null {
  // Most arrays hold strings or numbers: answer those without allocating.
  if (array.elements[0]?.node.kind !== 'object') return null;
  for (const key of IDENTITY_KEYS) {
    const seen = new Set<string>();
    let usable = true;
    for (const element of array.elements) {
      const id = stringMember(element.node, key);
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
 * For each new element, the index of the original element it continues (-1: none);
 * null when elements simply continue the original element at the same position.
 *
 * Elements are recognised by identity first, so inserting, deleting or moving a
 * step leaves the others untouched. New elements that remain unmatched then take
 * the unmatched originals in order: a renamed id is still "the same step", and
 * its untouched fields keep their original text and key order.
 */
export function pairArrayElements(array: JsonArrayNode, values: readonly unknown[]): Int32Array | null {
  const key = identityKeyOf(array);
  if (key === null) return null;
  const originals = array.elements;
  const pairs = new Int32Array(values.length).fill(-1);
  const originalIndexById = new Map<string, number>();
  originals.forEach((element, index) => {
    const id = stringMember(element.node, key);
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
