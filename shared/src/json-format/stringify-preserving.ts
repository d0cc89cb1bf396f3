import { pairArrayElements } from './array-element-pairing';
import { layoutForSource, type JsonLayout } from './json-layout';
import type { JsonArrayNode, JsonNode, JsonObjectNode, JsonSource } from './json-source';
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
  const writer = new PreservingWriter(source.text, layoutForSource(source));
  const root = writer.write(ready, source.root, 0);
  if (root === null) return source.text;
  // Whatever surrounds the root (BOM, final newline or its absence, CRLF) is kept as it was.
  return source.text.slice(0, source.root.start) + root + source.text.slice(source.root.end);
}

/**
 * One entry of a container being rewritten. `body === null` means the entry's
 * value is unchanged and its original text is copied; `key` is set (already
 * quoted) only for members that did not exist in the original.
 */
interface Entry {
  readonly original: number;
  readonly body: string | null;
  readonly key?: string;
}

function hasLineBreak(text: string): boolean {
  return text.includes('\n') || text.includes('\r');
}

function isSameScalar(value: JsonReady, original: JsonNode): boolean {
  if (original.kind !== 'scalar') return false;
  if (value === original.value) return true;
  // JSON.stringify writes NaN and Infinity as null.
  return typeof value === 'number' && !Number.isFinite(value) && original.value === null;
}

/**
 * Walks the new value against the original tree once, bottom-up: each call
 * answers "unchanged" (null) or the new text, so equality is never
 * recomputed for a subtree and the cost stays linear in the document.
 */
class PreservingWriter {
  private readonly active = new Set<object>();

  constructor(
    private readonly text: string,
    private readonly layout: JsonLayout,
  ) {}

  /** null when value says the same as the original node: the caller copies the original text. */
  write(value: JsonReady, original: JsonNode, depth: number): string | null {
    if (value === null || typeof value !== 'object') {
      return isSameScalar(value, original) ? null : writeScalar(value);
    }
    if (Array.isArray(value)) {
      return original.kind === 'array' ? this.writeArray(value, original, depth) : this.fresh(value, depth);
    }
    return original.kind === 'object'
      ? this.writeObject(value as Record<string, unknown>, original, depth)
      : this.fresh(value, depth);
  }

  // The walk against the original tree needs no cycle guard: the tree is finite,
  // so endless recursion can only happen inside fresh(), which has one.
  private writeArray(values: readonly unknown[], original: JsonArrayNode, depth: number): string | null {
    const pairs = pairArrayElements(original, values);
    const entries: Entry[] = [];
    let unchanged = values.length === original.elements.length;
    for (let j = 0; j < values.length; j++) {
      const ready = toJsonReady(values[j], String(j));
      const item = ready === OMITTED ? null : ready;
      const index = pairs === null ? j : (pairs[j] ?? -1);
      const element = original.elements[index];
      if (element === undefined) {
        unchanged = false;
        entries.push({ original: -1, body: this.fresh(item, depth + 1) });
        continue;
      }
      const body = this.write(item, element.node, depth + 1);
      if (body !== null || index !== j) unchanged = false;
      entries.push({ original: index, body });
    }
    return unchanged ? null : this.compose(original, entries, depth);
  }

  private writeObject(value: Record<string, unknown>, original: JsonObjectNode, depth: number): string | null {
    const members = original.members;
    const lastIndexOfKey = original.hasDuplicateKeys ? lastIndexByKey(original) : null;
    const entries: Entry[] = [];
    let unchanged = true;
    let presentOriginalKeys = 0;
    // Original keys first, in the order of the text: the value's own order cannot be
    // trusted (JS moves integer-like keys such as "0" and "2" to the front).
    for (let i = 0; i < members.length; i++) {
      const member = members[i];
      if (member === undefined) continue;
      if (lastIndexOfKey !== null && lastIndexOfKey.get(member.key) !== i) continue;
      if (!hasJsonKey(value, member.key)) {
        unchanged = false;
        continue;
      }
      presentOriginalKeys++;
      const item = toJsonReady(value[member.key], member.key);
      if (item === OMITTED) {
        unchanged = false;
        continue;
      }
      const body = this.write(item, member.node, depth + 1);
      if (body !== null) unchanged = false;
      entries.push({ original: i, body });
    }
    const keys = Object.keys(value);
    if (keys.length > presentOriginalKeys) {
      const originalKeys = new Set(members.map((member) => member.key));
      for (const key of keys) {
        if (originalKeys.has(key)) continue;
        const item = toJsonReady(value[key], key);
        if (item === OMITTED) continue;
        unchanged = false;
        entries.push({ original: -1, key: JSON.stringify(key), body: this.fresh(item, depth + 1) });
      }
    }
    return unchanged ? null : this.compose(original, entries, depth);
  }

  /**
   * Lays out a changed container. A container that was on one line stays on one
   * line with its own spacing when its new entries fit; otherwise one entry per
   * line, reusing each kept entry's original line break and indentation.
   */
  private compose(original: JsonArrayNode | JsonObjectNode, entries: readonly Entry[], depth: number): string {
    const isObject = original.kind === 'object';
    const open = isObject ? '{' : '[';
    const close = isObject ? '}' : ']';
    if (entries.length === 0) return open + close;
    const text = this.text;
    const layout = this.layout;
    const originals = isObject ? original.members : original.elements;
    const leadingGap = (index: number): string => {
      const entry = originals[index];
      if (entry === undefined) return '';
      return text.slice(entry.leadingStart, entry.start);
    };
    const closingGap = (): string => {
      const last = originals[originals.length - 1];
      return last === undefined ? '' : text.slice(last.node.end, original.end - 1);
    };
    const inline =
      (layout.compact || (!original.multiline && originals.length > 0)) &&
      entries.every((entry) => entry.body === null || !hasLineBreak(entry.body));

    let keySeparator = layout.keySeparator;
    const firstMember = isObject ? original.members[0] : undefined;
    if (inline && firstMember !== undefined) keySeparator = text.slice(firstMember.keyEnd, firstMember.node.start);

    const entryText = (entry: Entry): string => {
      if (entry.key !== undefined) return entry.key + keySeparator + (entry.body ?? '');
      const source = originals[entry.original];
      if (source === undefined) return entry.body ?? '';
      return entry.body === null
        ? text.slice(source.start, source.node.end)
        : text.slice(source.start, source.node.start) + entry.body;
    };

    let out = open;
    if (inline) {
      const itemGap = originals.length > 1 ? leadingGap(1) : layout.compact ? layout.itemGap : ' ';
      out += leadingGap(0);
      entries.forEach((entry, position) => {
        if (position > 0) out += `,${itemGap}`;
        out += entryText(entry);
      });
      return out + closingGap() + close;
    }
    const standardGap = layout.lineBreak(depth + 1);
    entries.forEach((entry, position) => {
      if (position > 0) out += ',';
      let gap = standardGap;
      if (original.multiline && entry.original >= 0) {
        const kept = leadingGap(entry.original);
        if (hasLineBreak(kept)) gap = kept;
      }
      out += gap + entryText(entry);
    });
    let closing = layout.lineBreak(depth);
    if (original.multiline) {
      const kept = closingGap();
      if (hasLineBreak(kept)) closing = kept;
    }
    return out + closing + close;
  }

  /** A value with no original counterpart, written like JSON.stringify with the file's layout. */
  private fresh(value: JsonReady, depth: number): string {
    if (value === null || typeof value !== 'object') return writeScalar(value);
    const parts: string[] = [];
    if (this.active.has(value)) throw new TypeError(jsonWriteMessages.circular);
    this.active.add(value);
    if (Array.isArray(value)) {
      for (let j = 0; j < value.length; j++) {
        const item = toJsonReady(value[j], String(j));
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
    const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
    if (parts.length === 0) return open + close;
    if (this.layout.compact) return open + parts.join(`,${this.layout.itemGap}`) + close;
    const inner = this.layout.lineBreak(depth + 1);
    return open + inner + parts.join(`,${inner}`) + this.layout.lineBreak(depth) + close;
  }
}

function lastIndexByKey(node: JsonObjectNode): Map<string, number> {
  const last = new Map<string, number>();
  node.members.forEach((member, index) => last.set(member.key, index));
  return last;
}
