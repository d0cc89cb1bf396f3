import { pairArrayElements } from './array-element-pairing';
import { layoutForSource, type JsonLayout } from './json-layout';
import type { JsonSource } from './json-source';
import { JsonKind, type JsonNodeId, type JsonTree } from './json-tree';
import { hasJsonKey, OMITTED, toJsonReady, writeScalar, type JsonReady } from './json-value-semantics';

export const jsonWriteMessages = {
  notSerialisable: 'The value cannot be written as JSON (it is undefined, a function or a symbol)',
  circular: 'Converting circular structure to JSON',
} as const;

/**
 * Writes value as JSON that looks like source.text wherever value still says
 * what source said: a no-op save returns source.text itself, and an edit only
 * rewrites the containers on the path to the change.
 *
 * Without a source this is exactly what real planvas writers produce:
 * JSON.stringify(value, null, 2) plus a final newline.
 */
export function stringifyPreserving(value: unknown, source?: JsonSource): string {
  if (source === undefined) {
    const text = JSON.stringify(value, null, 2) as string | undefined;
    if (text === undefined) throw new TypeError(jsonWriteMessages.notSerialisable);
    return `${text}\n`;
  }
  const ready = toJsonReady(value, '');
  if (ready === OMITTED) throw new TypeError(jsonWriteMessages.notSerialisable);
  const tree = source.tree;
  const root = new PreservingWriter(tree, layoutForSource(source)).write(ready, tree.root, 0);
  if (root === null) return source.text;
  // Whatever surrounds the root (BOM, final newline or its absence) is kept as it was.
  return source.text.slice(0, tree.start(tree.root)) + root + source.text.slice(tree.end(tree.root));
}

/**
 * One entry of a container being rewritten. `original` is the node it
 * continues (-1 for a new entry); `body === null` means the value is unchanged
 * and its original text is copied; `key` is set (quoted) only for new members.
 */
interface Entry {
  readonly original: JsonNodeId;
  readonly body: string | null;
  readonly key?: string;
}

/**
 * The entries of a container being walked. Nothing is recorded while every
 * entry so far is unchanged and in place (the common case, where the whole
 * container will be copied); at the first difference the entries before it
 * are filled in as unchanged originals.
 */
class EntryList {
  changed = false;
  readonly list: Entry[] = [];

  constructor(
    private readonly tree: JsonTree,
    private readonly container: JsonNodeId,
    /** Originals that are not entries at all: members overwritten by a later duplicate key. */
    private readonly skipped: ((original: JsonNodeId) => boolean) | null = null,
  ) {}

  /** Something differs at this position (entries before it are unchanged and in place). */
  markChanged(position: number): void {
    if (this.changed) return;
    this.changed = true;
    let original = this.tree.firstChild(this.container);
    const count = Math.min(position, this.tree.childCount(this.container));
    for (let i = 0; i < count; i++, original = this.tree.nextSibling(original)) {
      if (this.skipped === null || !this.skipped(original)) this.list.push({ original, body: null });
    }
  }

  add(position: number, entry: Entry): void {
    if (!this.changed && entry.body !== null) this.markChanged(position);
    if (this.changed) this.list.push(entry);
  }
}

function hasLineBreak(text: string): boolean {
  return text.includes('\n') || text.includes('\r');
}

/**
 * Walks the new value against the original tree once, bottom-up: each call
 * answers "unchanged" (null) or the new text, so equality is never
 * recomputed for a subtree and the cost stays linear in the document.
 */
class PreservingWriter {
  private readonly text: string;
  /** Containers being written by fresh(), to reject cycles as JSON.stringify does. */
  private readonly active = new Set<object>();

  constructor(
    private readonly tree: JsonTree,
    private readonly layout: JsonLayout,
  ) {
    this.text = tree.text;
  }

  /**
   * null when value says the same as the original node, so the caller copies the
   * original text. The walk needs no cycle guard: the tree is finite, so endless
   * recursion can only happen inside fresh(), which has one.
   */
  write(value: JsonReady, node: JsonNodeId, depth: number): string | null {
    const kind = this.tree.kind(node);
    if (value === null || typeof value !== 'object') {
      return this.tree.scalarEquals(node, value) ? null : writeScalar(value);
    }
    if (Array.isArray(value)) {
      return kind === JsonKind.Array ? this.writeArray(value, node, depth) : this.fresh(value, depth);
    }
    return kind === JsonKind.Object
      ? this.writeObject(value as Record<string, unknown>, node, depth)
      : this.fresh(value, depth);
  }

  private writeArray(values: readonly unknown[], node: JsonNodeId, depth: number): string | null {
    const tree = this.tree;
    const count = tree.childCount(node);
    const pairs = pairArrayElements(tree, node, values);
    const originals = pairs === null ? null : tree.children(node);
    const entries = new EntryList(tree, node);
    if (values.length !== count) entries.markChanged(0);
    let positional = tree.firstChild(node);
    for (let j = 0; j < values.length; j++) {
      const ready = toJsonReady(values[j], j);
      const item = ready === OMITTED ? null : ready;
      let original: JsonNodeId = -1;
      if (originals === null) {
        if (j < count) {
          original = positional;
          positional = tree.nextSibling(positional);
        }
      } else {
        const index = pairs?.[j] ?? -1;
        original = originals[index] ?? -1;
        if (index !== j) entries.markChanged(j);
      }
      if (original < 0) {
        entries.add(j, { original, body: this.fresh(item, depth + 1) });
      } else {
        entries.add(j, { original, body: this.write(item, original, depth + 1) });
      }
    }
    return entries.changed ? this.compose(node, entries.list, depth) : null;
  }

  private writeObject(value: Record<string, unknown>, node: JsonNodeId, depth: number): string | null {
    const keys = Object.keys(value);
    const tree = this.tree;
    if (keys.length === tree.childCount(node) && !tree.hasDuplicateKeys(node) && this.keysAligned(node, keys)) {
      return this.writeAlignedObject(value, keys, node, depth);
    }
    const count = tree.childCount(node);
    const lastMemberByKey = tree.hasDuplicateKeys(node) ? this.lastMemberByKey(node) : null;
    const isOverwritten = (member: JsonNodeId): boolean => lastMemberByKey?.get(tree.key(member)) !== member;
    const entries = new EntryList(tree, node, lastMemberByKey === null ? null : isOverwritten);
    let presentOriginalKeys = 0;
    // Original keys first, in the order of the text: the value's own order cannot be
    // trusted (JS moves integer-like keys such as "0" and "2" to the front).
    let member = tree.firstChild(node);
    for (let i = 0; i < count; i++, member = tree.nextSibling(member)) {
      // A member overwritten by a later duplicate is dropped as soon as anything changes.
      if (lastMemberByKey !== null && isOverwritten(member)) continue;
      const key = tree.key(member);
      if (!hasJsonKey(value, key)) {
        entries.markChanged(i);
        continue;
      }
      presentOriginalKeys++;
      const item = toJsonReady(value[key], key);
      if (item === OMITTED) {
        entries.markChanged(i);
        continue;
      }
      entries.add(i, { original: member, body: this.write(item, member, depth + 1) });
    }
    if (keys.length > presentOriginalKeys) {
      // New keys go last, in the value's order.
      const originalKeys = new Set(tree.children(node).map((child) => tree.key(child)));
      for (const key of keys) {
        if (originalKeys.has(key)) continue;
        const item = toJsonReady(value[key], key);
        if (item === OMITTED) continue;
        entries.markChanged(count);
        entries.add(count, { original: -1, key: JSON.stringify(key), body: this.fresh(item, depth + 1) });
      }
    }
    return entries.changed ? this.compose(node, entries.list, depth) : null;
  }

  /**
   * The usual case: same keys in the same order. Lookups use the value's own
   * (internalised) key strings, sparing a slice and a hash per member.
   */
  private writeAlignedObject(
    value: Record<string, unknown>,
    keys: readonly string[],
    node: JsonNodeId,
    depth: number,
  ): string | null {
    const tree = this.tree;
    const entries = new EntryList(tree, node);
    let member = tree.firstChild(node);
    for (let i = 0; i < keys.length; i++, member = tree.nextSibling(member)) {
      const key = keys[i] as string;
      const item = toJsonReady(value[key], key);
      if (item === OMITTED) {
        entries.markChanged(i);
        continue;
      }
      entries.add(i, { original: member, body: this.write(item, member, depth + 1) });
    }
    return entries.changed ? this.compose(node, entries.list, depth) : null;
  }

  /** Whether the value's keys are the original keys in the original order (no allocation). */
  private keysAligned(node: JsonNodeId, keys: readonly string[]): boolean {
    const tree = this.tree;
    let member = tree.firstChild(node);
    for (let i = 0; i < keys.length; i++, member = tree.nextSibling(member)) {
      if (!tree.keyIs(member, keys[i] as string)) return false;
    }
    return true;
  }

  private lastMemberByKey(node: JsonNodeId): Map<string, JsonNodeId> {
    const last = new Map<string, JsonNodeId>();
    for (const member of this.tree.children(node)) last.set(this.tree.key(member), member);
    return last;
  }

  /**
   * Lays out a changed container. One that was on one line stays on one line,
   * with its own spacing, when its new entries fit; otherwise one entry per
   * line, reusing each kept entry's original line break and indentation.
   */
  private compose(node: JsonNodeId, entries: readonly Entry[], depth: number): string {
    const tree = this.tree;
    const text = this.text;
    const layout = this.layout;
    const isObject = tree.kind(node) === JsonKind.Object;
    const open = isObject ? '{' : '[';
    const close = isObject ? '}' : ']';
    if (entries.length === 0) return open + close;
    const originals = tree.children(node);
    const first = originals[0];
    const last = originals[originals.length - 1];
    const leadingGap = (entry: JsonNodeId | undefined): string =>
      entry === undefined ? '' : text.slice(tree.leadingStart(entry), tree.entryStart(entry));
    const closingGap = last === undefined ? '' : text.slice(tree.end(last), tree.end(node) - 1);
    const multiline = tree.isMultiline(node);
    const inline =
      (layout.compact || (!multiline && originals.length > 0)) &&
      entries.every((entry) => entry.body === null || !hasLineBreak(entry.body));

    const keySeparator =
      inline && isObject && first !== undefined ? text.slice(tree.keyEnd(first), tree.start(first)) : layout.keySeparator;
    const entryText = (entry: Entry): string => {
      if (entry.original < 0) return (entry.key === undefined ? '' : entry.key + keySeparator) + (entry.body ?? '');
      const start = tree.entryStart(entry.original);
      return entry.body === null
        ? text.slice(start, tree.end(entry.original))
        : text.slice(start, tree.start(entry.original)) + entry.body;
    };

    let out = open;
    if (inline) {
      const itemGap = originals.length > 1 ? leadingGap(originals[1]) : layout.compact ? layout.itemGap : ' ';
      out += leadingGap(first);
      for (let position = 0; position < entries.length; position++) {
        if (position > 0) out += `,${itemGap}`;
        out += entryText(entries[position] as Entry);
      }
      return out + closingGap + close;
    }
    const standardGap = layout.lineBreak(depth + 1);
    for (let position = 0; position < entries.length; position++) {
      const entry = entries[position] as Entry;
      if (position > 0) out += ',';
      let gap = standardGap;
      if (multiline && entry.original >= 0) {
        const kept = leadingGap(entry.original);
        if (hasLineBreak(kept)) gap = kept;
      }
      out += gap + entryText(entry);
    }
    const closing = multiline && hasLineBreak(closingGap) ? closingGap : layout.lineBreak(depth);
    return out + closing + close;
  }

  /** A value with no original counterpart, written like JSON.stringify with the file's layout. */
  private fresh(value: JsonReady, depth: number): string {
    if (value === null || typeof value !== 'object') return writeScalar(value);
    if (this.active.has(value)) throw new TypeError(jsonWriteMessages.circular);
    this.active.add(value);
    const parts: string[] = [];
    const isArray = Array.isArray(value);
    if (isArray) {
      for (let j = 0; j < value.length; j++) {
        const item = toJsonReady(value[j], j);
        parts.push(item === OMITTED ? 'null' : this.fresh(item, depth + 1));
      }
    } else {
      const record = value as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        const item = toJsonReady(record[key], key);
        if (item === OMITTED) continue;
        parts.push(JSON.stringify(key) + this.layout.keySeparator + this.fresh(item, depth + 1));
      }
    }
    this.active.delete(value);
    const open = isArray ? '[' : '{';
    const close = isArray ? ']' : '}';
    if (parts.length === 0) return open + close;
    if (this.layout.compact) return open + parts.join(`,${this.layout.itemGap}`) + close;
    const inner = this.layout.lineBreak(depth + 1);
    return open + inner + parts.join(`,${inner}`) + this.layout.lineBreak(depth) + close;
  }
}
