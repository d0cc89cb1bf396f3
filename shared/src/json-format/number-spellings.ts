import type { JsonSource } from './json-source';
import { JsonKind, type JsonNodeId, type JsonTree } from './json-tree';

/**
 * Numbers written as the request body spelled them (`1e400`, `1.0`, big integers): the body's
 * syntax tree (the spelling tree) is walked alongside the value, by key and by index, and a
 * number takes the body's text when that text reads back as the very number being written.
 *
 * The writer's per-node calls are module functions taking the spelling tree (null: no body),
 * which the writer passes from its own field: no object stands between them.
 */

/** The spelling node of a value that wraps the body (see anchorSpellings): its one member is the body. */
const WRAPPED_BODY = -2;

export interface SpellFinder {
  find(key: string): JsonNodeId;
}

/**
 * Where the body's tree meets the value. Normally at both roots; but the value
 * may be a member of the body (the legacy array form of step_config.json is
 * written from the body's `steps`) or hold the body as a member (`{ steps: body }`).
 * Recognised by identity, so only when the caller passes the body's own objects.
 */
export function anchorSpellings(value: unknown, spellings: JsonSource): { node: JsonNodeId; key?: string } {
  const body = spellings.value;
  const tree = spellings.tree;
  if (value === body || typeof value !== 'object' || value === null || typeof body !== 'object' || body === null) return { node: tree.root };
  if (!Array.isArray(body)) {
    for (const key of Object.keys(body)) {
      if ((body as Record<string, unknown>)[key] === value) return { node: tree.member(tree.root, key) };
    }
  }
  if (!Array.isArray(value)) {
    for (const key of Object.keys(value)) {
      if ((value as Record<string, unknown>)[key] === body) return { node: WRAPPED_BODY, key };
    }
  }
  return { node: tree.root };
}

/** Finds the members of one object of the spelling tree by key, in linear total time when keys come in order. */
class MemberFinder implements SpellFinder {
  private next: JsonNodeId;
  private left: number;
  private byKey: Map<string, JsonNodeId> | null = null;

  constructor(
    private readonly tree: JsonTree,
    private readonly object: JsonNodeId,
  ) {
    this.left = tree.childCount(object);
    this.next = object + 1;
    // With repeated keys the value holds the last one: only the map knows which.
    if (tree.hasDuplicateKeys(object)) this.byKey = this.index();
  }

  find(key: string): JsonNodeId {
    if (this.byKey === null) {
      if (this.left > 0 && this.tree.keyIs(this.next, key)) {
        const found = this.next;
        this.left--;
        this.next = this.tree.nextSibling(found);
        return found;
      }
      this.byKey = this.index();
    }
    return this.byKey.get(key) ?? -1;
  }

  private index(): Map<string, JsonNodeId> {
    const map = new Map<string, JsonNodeId>();
    let child = this.object + 1;
    for (let i = this.tree.childCount(this.object); i > 0; i--, child = this.tree.nextSibling(child)) map.set(this.tree.key(child), child);
    return map;
  }
}

/** The elements of an array of the spelling tree, one by one (-1 past the end). */
export class ArrayCursor {
  private current: JsonNodeId;
  private left: number;

  constructor(
    private readonly tree: JsonTree | null,
    array: JsonNodeId,
  ) {
    this.left = tree === null ? 0 : tree.childCount(array);
    this.current = this.left > 0 ? array + 1 : -1;
  }

  next(): JsonNodeId {
    if (this.left <= 0 || this.tree === null) return -1;
    const found = this.current;
    this.left--;
    if (this.left > 0) this.current = this.tree.nextSibling(found);
    return found;
  }
}

const NO_ELEMENTS = new ArrayCursor(null, -1);

function spellKind(spellings: JsonTree | null, spell: JsonNodeId): JsonKind | -1 {
  return spell >= 0 && spellings !== null ? spellings.kind(spell) : -1;
}

/** The body's text for this number at this place, when it spelled the same number there. */
export function spelledNumber(spellings: JsonTree | null, value: number, spell: JsonNodeId): string | null {
  if (spellKind(spellings, spell) !== JsonKind.Number) return null;
  const spelled = (spellings as JsonTree).raw(spell);
  return Object.is(Number(spelled), value) ? spelled : null;
}

/** The spelling nodes of an object's members by key; `wrapperKey` is the member that is the body (WRAPPED_BODY). */
export function spellFinder(spellings: JsonTree | null, wrapperKey: string | undefined, spell: JsonNodeId): SpellFinder | null {
  if (spell === WRAPPED_BODY) {
    const root = (spellings as JsonTree).root;
    return { find: (key) => (key === wrapperKey ? root : -1) };
  }
  return spellKind(spellings, spell) === JsonKind.Object ? new MemberFinder(spellings as JsonTree, spell) : null;
}

/** The spelling nodes of an array's elements, in order. */
export function spellElements(spellings: JsonTree | null, spell: JsonNodeId): ArrayCursor {
  return spellKind(spellings, spell) === JsonKind.Array ? new ArrayCursor(spellings as JsonTree, spell) : NO_ELEMENTS;
}
