/**
 * The syntax tree of a JSON text, stored flat in one Int32Array.
 *
 * Why flat: a tree of JS objects for a 2 MB plan is a few hundred thousand
 * objects that all survive until parsing ends, and copying them between GC
 * generations cost more than the parsing itself. Here a node is 8 integers,
 * nodes are numbered in document (pre-)order, so a container's first child
 * is the next node and each node records where its subtree ends.
 *
 * Offsets point into `text`, so any unchanged subtree can be copied back byte
 * for byte. The tree holds no decoded values: callers may mutate
 * JsonSource.value in place, and comparisons must be against what the file said.
 */

export const JsonKind = {
  Object: 0,
  Array: 1,
  String: 2,
  Number: 3,
  True: 4,
  False: 5,
  Null: 6,
} as const;
export type JsonKind = (typeof JsonKind)[keyof typeof JsonKind];

/** A node id: an index into the tree (the root is 0). */
export type JsonNodeId = number;

export const NODE_STRIDE = 8;
export const Field = {
  KindAndFlags: 0,
  Start: 1,
  End: 2,
  /** Start of the whitespace between the preceding '[', '{' or ',' and the entry. */
  LeadingStart: 3,
  /** Opening quote of the member's key, -1 for array elements and the root. */
  KeyStart: 4,
  /** Just after the closing quote of the key. */
  KeyEnd: 5,
  /** The id following this node's subtree: the next sibling, if the parent has one. */
  SubtreeEnd: 6,
  ChildCount: 7,
} as const;
export const Flag = {
  KindMask: 0b1111,
  /** The container's original text spans more than one line. */
  Multiline: 1 << 4,
  DuplicateKeys: 1 << 5,
  /** The string value contains backslash escapes. */
  ValueEscaped: 1 << 6,
  /** The member's key contains backslash escapes. */
  KeyEscaped: 1 << 7,
} as const;

export class JsonTree {
  readonly root: JsonNodeId = 0;

  constructor(
    readonly text: string,
    private readonly nodes: Int32Array,
    readonly size: number,
  ) {}

  private field(node: JsonNodeId, field: number): number {
    return this.nodes[node * NODE_STRIDE + field] ?? -1;
  }

  kind(node: JsonNodeId): JsonKind {
    return (this.field(node, Field.KindAndFlags) & Flag.KindMask) as JsonKind;
  }

  isContainer(node: JsonNodeId): boolean {
    return this.kind(node) <= JsonKind.Array;
  }

  start(node: JsonNodeId): number {
    return this.field(node, Field.Start);
  }

  end(node: JsonNodeId): number {
    return this.field(node, Field.End);
  }

  /** The original text of the node (for a member: its value, without the key). */
  raw(node: JsonNodeId): string {
    return this.text.slice(this.start(node), this.end(node));
  }

  leadingStart(node: JsonNodeId): number {
    return this.field(node, Field.LeadingStart);
  }

  /** Where the entry begins: the key's quote for members, the value otherwise. */
  entryStart(node: JsonNodeId): number {
    const keyStart = this.field(node, Field.KeyStart);
    return keyStart >= 0 ? keyStart : this.start(node);
  }

  keyStart(node: JsonNodeId): number {
    return this.field(node, Field.KeyStart);
  }

  keyEnd(node: JsonNodeId): number {
    return this.field(node, Field.KeyEnd);
  }

  childCount(node: JsonNodeId): number {
    return this.field(node, Field.ChildCount);
  }

  /** -1 when the node has no children. Iterate siblings with nextSibling, childCount times. */
  firstChild(node: JsonNodeId): JsonNodeId {
    return this.childCount(node) > 0 ? node + 1 : -1;
  }

  /** Only meaningful while the parent has more children. */
  nextSibling(node: JsonNodeId): JsonNodeId {
    return this.field(node, Field.SubtreeEnd);
  }

  /** Allocates; fine for the few containers an edit touches. */
  children(node: JsonNodeId): JsonNodeId[] {
    const count = this.childCount(node);
    const result = new Array<JsonNodeId>(count);
    let child = node + 1;
    for (let i = 0; i < count; i++) {
      result[i] = child;
      child = this.nextSibling(child);
    }
    return result;
  }

  isMultiline(node: JsonNodeId): boolean {
    return (this.field(node, Field.KindAndFlags) & Flag.Multiline) !== 0;
  }

  hasDuplicateKeys(node: JsonNodeId): boolean {
    return (this.field(node, Field.KindAndFlags) & Flag.DuplicateKeys) !== 0;
  }

  /** The decoded key of a member node. */
  key(node: JsonNodeId): string {
    const start = this.keyStart(node);
    const end = this.keyEnd(node);
    return (this.field(node, Field.KindAndFlags) & Flag.KeyEscaped) !== 0
      ? (JSON.parse(this.text.slice(start, end)) as string)
      : this.text.slice(start + 1, end - 1);
  }

  /** Whether the member's key is `key`, without allocating in the usual unescaped case. */
  keyIs(node: JsonNodeId, key: string): boolean {
    const start = this.keyStart(node);
    if (start < 0) return false;
    if ((this.field(node, Field.KindAndFlags) & Flag.KeyEscaped) !== 0) return this.key(node) === key;
    return this.keyEnd(node) - start - 2 === key.length && this.text.startsWith(key, start + 1);
  }

  /** The last member of an object with this key (the one JSON.parse keeps), or -1. */
  member(node: JsonNodeId, key: string): JsonNodeId {
    if (this.kind(node) !== JsonKind.Object) return -1;
    const firstMatchWins = !this.hasDuplicateKeys(node);
    let found = -1;
    let child = node + 1;
    for (let i = this.childCount(node); i > 0; i--) {
      if (this.keyIs(child, key)) {
        if (firstMatchWins) return child;
        found = child;
      }
      child = this.nextSibling(child);
    }
    return found;
  }

  scalarValue(node: JsonNodeId): string | number | boolean | null {
    switch (this.kind(node)) {
      case JsonKind.String:
        return (this.field(node, Field.KindAndFlags) & Flag.ValueEscaped) !== 0
          ? (JSON.parse(this.raw(node)) as string)
          : this.text.slice(this.start(node) + 1, this.end(node) - 1);
      case JsonKind.Number:
        return Number(this.raw(node));
      case JsonKind.True:
        return true;
      case JsonKind.False:
        return false;
      case JsonKind.Null:
        return null;
      default:
        throw new TypeError(`JSON node ${node} is a container, not a scalar`);
    }
  }

  /** Semantic equality with a scalar (numbers by value), without allocating for plain strings. */
  scalarEquals(node: JsonNodeId, value: unknown): boolean {
    const flags = this.field(node, Field.KindAndFlags);
    switch ((flags & Flag.KindMask) as JsonKind) {
      case JsonKind.String: {
        if (typeof value !== 'string') return false;
        if ((flags & Flag.ValueEscaped) !== 0) return this.scalarValue(node) === value;
        const start = this.start(node);
        return this.end(node) - start - 2 === value.length && this.text.startsWith(value, start + 1);
      }
      case JsonKind.Number:
        return typeof value === 'number' && Number(this.raw(node)) === value;
      case JsonKind.True:
        return value === true;
      case JsonKind.False:
        return value === false;
      case JsonKind.Null:
        // JSON.stringify writes NaN and Infinity as null.
        return value === null || (typeof value === 'number' && !Number.isFinite(value));
      default:
        return false;
    }
  }
}
