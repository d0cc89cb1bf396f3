import { pairArrayElements } from './array-element-pairing';
import { composeContainer, EntryList, newEntry, type Entry } from './container-composition';
import { FreshValueWriter, type FreshPlace } from './fresh-value-writer';
import { JsonKind, type JsonNodeId } from './json-tree';
import { hasJsonKey, OMITTED, toJsonReady, writeScalar, type JsonReady } from './json-value-semantics';
import { spelledNumber, spellElements, spellFinder, type SpellFinder } from './number-spellings';
import { allKeysOriginal, keptMembersByKey, keysAligned, placeNewKeys } from './object-key-placement';

/**
 * Walks the new value against the original tree once, bottom-up: each call
 * answers "unchanged" (null) or the new text, so equality is never
 * recomputed for a subtree and the cost stays linear in the document. The
 * spelling tree (the request body) is walked alongside, by key and index.
 */
export class PreservingWriter extends FreshValueWriter {
  /**
   * null when value says the same as the original node, so the caller copies the
   * original text. The walk needs no cycle guard: the tree is finite, so endless
   * recursion can only happen inside fresh(), which has one. `parent` is the
   * container holding node (-1 for the root).
   */
  write(value: JsonReady, node: JsonNodeId, spell: JsonNodeId, depth: number, parent: JsonNodeId): string | null {
    const kind = this.tree.kind(node);
    if (value === null || typeof value !== 'object') return this.writeScalarOver(value, node, spell);
    if (this.tree.childCount(node) === 0 && kind === (Array.isArray(value) ? JsonKind.Array : JsonKind.Object)) {
      return this.fill(value, node, spell, depth, parent);
    }
    if (Array.isArray(value)) {
      return kind === JsonKind.Array ? this.writeArray(value, node, spell, depth) : this.replace(value, node, spell, depth, parent);
    }
    return kind === JsonKind.Object ? this.writeObject(value as Record<string, unknown>, node, spell, depth) : this.replace(value, node, spell, depth, parent);
  }

  private writeScalarOver(value: string | number | boolean | null, node: JsonNodeId, spell: JsonNodeId): string | null {
    const tree = this.tree;
    if (typeof value === 'number' && spell >= 0) {
      const spelled = spelledNumber(this.spellings, value, spell);
      if (spelled !== null) {
        if (tree.kind(node) === JsonKind.Number && tree.end(node) - tree.start(node) === spelled.length && tree.raw(node) === spelled) return null;
        // The file spells the same number otherwise. The body's spelling replaces it only when
        // it is deliberate: the canonical one (what JSON.stringify writes) is what any client
        // that parsed and re-serialised the document sends, and says nothing about spelling.
        if (tree.scalarEquals(node, value) && Number.isFinite(value) && spelled === String(value)) return null;
        return spelled;
      }
    }
    return tree.scalarEquals(node, value) ? null : writeScalar(value);
  }

  /** A value of another type than the original's: written new, where the original was. */
  private replace(value: JsonReady, node: JsonNodeId, spell: JsonNodeId, depth: number, parent: JsonNodeId): string {
    const tree = this.tree;
    const keySeparator = tree.keyStart(node) >= 0 ? this.text.slice(tree.keyEnd(node), tree.start(node)) : this.layout.keySeparator;
    const inline = this.inlineIn(parent);
    return this.fresh(value, { depth, indent: inline ? '' : this.lineIndentAt(tree.entryStart(node)), model: -1, inline, keySeparator }, spell);
  }

  private writeArray(values: readonly unknown[], node: JsonNodeId, spell: JsonNodeId, depth: number): string | null {
    const tree = this.tree;
    const count = tree.childCount(node);
    const pairs = pairArrayElements(tree, node, values);
    if (pairs === null && values.length !== count) return this.writeResizedArray(values, node, spell, depth);
    const originals = pairs === null ? null : tree.children(node);
    const entries = new EntryList(tree, node);
    if (values.length !== count) entries.markChanged(0);
    const spells = spellElements(this.spellings, spell);
    let positional = tree.firstChild(node);
    for (let j = 0; j < values.length; j++) {
      const ready = toJsonReady(values[j], j);
      const item = ready === OMITTED ? null : ready;
      const itemSpell = spells.next();
      let original: JsonNodeId = -1;
      let index = -1;
      if (originals === null) {
        if (j < count) {
          original = positional;
          index = j;
          positional = tree.nextSibling(positional);
        }
      } else {
        index = pairs?.[j] ?? -1;
        original = originals[index] ?? -1;
        if (index !== j) entries.markChanged(j);
      }
      if (original < 0) entries.add(j, newEntry(item, itemSpell));
      else entries.add(j, { original, index, body: this.write(item, original, itemSpell, depth + 1, node) });
    }
    return entries.changed ? composeContainer(this, node, entries.list, depth) : null;
  }

  /**
   * Elements inserted or removed where nothing identifies them (strings,
   * numbers, objects without ids): the unchanged elements at the start and at
   * the end keep their originals, so one insertion or removal touches only
   * its own element; the middle is paired by position.
   */
  private writeResizedArray(values: readonly unknown[], node: JsonNodeId, spell: JsonNodeId, depth: number): string {
    const tree = this.tree;
    const originals = tree.children(node);
    const length = values.length;
    const count = originals.length;
    const items = new Array<JsonReady>(length);
    const spells = new Int32Array(length);
    const cursor = spellElements(this.spellings, spell);
    for (let j = 0; j < length; j++) {
      const ready = toJsonReady(values[j], j);
      items[j] = ready === OMITTED ? null : ready;
      spells[j] = cursor.next();
    }
    const bodyAt = (j: number, index: number): string | null =>
      this.write(items[j] as JsonReady, originals[index] as JsonNodeId, spells[j] as number, depth + 1, node);
    let head = 0;
    let headBody: string | null = null;
    while (head < length && head < count) {
      headBody = bodyAt(head, head);
      if (headBody !== null) break;
      head++;
    }
    let tail = 0;
    while (tail < length - head && tail < count - head && bodyAt(length - 1 - tail, count - 1 - tail) === null) tail++;
    const entries: Entry[] = [];
    for (let j = 0; j < head; j++) entries.push({ original: originals[j] as JsonNodeId, index: j, body: null });
    for (let j = head; j < length - tail; j++) {
      const index = j;
      if (index < count - tail) {
        const body = j === head && headBody !== null ? headBody : bodyAt(j, index);
        entries.push({ original: originals[index] as JsonNodeId, index, body });
      } else {
        entries.push(newEntry(items[j] as JsonReady, spells[j] as number));
      }
    }
    for (let k = tail; k > 0; k--) entries.push({ original: originals[count - k] as JsonNodeId, index: count - k, body: null });
    return composeContainer(this, node, entries, depth);
  }

  private writeObject(value: Record<string, unknown>, node: JsonNodeId, spell: JsonNodeId, depth: number): string | null {
    const keys = Object.keys(value);
    const tree = this.tree;
    const spells = spellFinder(this.spellings, this.wrapperKey, spell);
    if (keys.length === tree.childCount(node) && !tree.hasDuplicateKeys(node) && keysAligned(tree, node, keys)) {
      return this.writeAlignedObject(value, keys, node, spells, depth);
    }
    const count = tree.childCount(node);
    const lastMemberByKey = tree.hasDuplicateKeys(node) ? keptMembersByKey(tree, node) : null;
    const isOverwritten = (member: JsonNodeId): boolean => lastMemberByKey?.get(tree.key(member)) !== member;
    const entries = new EntryList(tree, node, lastMemberByKey === null ? null : isOverwritten);
    const placed = allKeysOriginal(tree, node, keys) ? null : placeNewKeys(tree, node, keys);
    const addNew = (position: number, newKeys: readonly string[] | undefined) => {
      for (const key of newKeys ?? []) {
        const item = toJsonReady(value[key], key);
        if (item !== OMITTED) entries.add(position, newEntry(item, spells?.find(key) ?? -1, JSON.stringify(key)));
      }
    };
    // Original keys in the order of the text: the value's own order cannot be trusted (JS moves
    // integer-like keys such as "0" and "2" to the front). New keys go beside their neighbours.
    let member = tree.firstChild(node);
    for (let i = 0; i < count; i++, member = tree.nextSibling(member)) {
      addNew(i, placed?.before.get(i));
      // A member overwritten by a later duplicate is dropped as soon as anything changes.
      if (lastMemberByKey !== null && isOverwritten(member)) continue;
      const key = tree.key(member);
      const item = hasJsonKey(value, key) ? toJsonReady(value[key], key) : OMITTED;
      if (item === OMITTED) entries.markChanged(i);
      else entries.add(i, { original: member, index: i, body: this.write(item, member, spells?.find(key) ?? -1, depth + 1, node) });
      addNew(i + 1, placed?.after.get(i));
    }
    addNew(count, placed?.atEnd);
    return entries.changed ? composeContainer(this, node, entries.list, depth) : null;
  }

  /**
   * The usual case: same keys in the same order. Lookups use the value's own
   * (internalised) key strings, sparing a slice and a hash per member.
   */
  private writeAlignedObject(
    value: Record<string, unknown>,
    keys: readonly string[],
    node: JsonNodeId,
    spells: SpellFinder | null,
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
      entries.add(i, { original: member, index: i, body: this.write(item, member, spells?.find(key) ?? -1, depth + 1, node) });
    }
    return entries.changed ? composeContainer(this, node, entries.list, depth) : null;
  }

  /**
   * An empty container getting entries: one per line, the file's indent unit
   * deeper than the container's line (on one line where its parent is).
   * null when the value is empty too.
   */
  private fill(value: JsonReady, node: JsonNodeId, spell: JsonNodeId, depth: number, parent: JsonNodeId): string | null {
    const text = this.fresh(value, this.fillPlace(node, depth, parent), spell);
    return text.length === 2 ? null : text;
  }

  private fillPlace(node: JsonNodeId, depth: number, parent: JsonNodeId): FreshPlace {
    const inline = this.inlineIn(parent);
    const indent = inline === null ? this.lineIndentAt(this.tree.start(node)) : '';
    return { depth, indent, model: -1, inline, keySeparator: inline?.key ?? this.layout.keySeparator };
  }
}
