import type { FreshPlace, FreshValueWriter } from './fresh-value-writer';
import { JsonKind, type JsonNodeId, type JsonTree } from './json-tree';
import type { JsonReady } from './json-value-semantics';
import { copiedGap, hasLineBreak, indentAfter } from './sibling-layout';

/**
 * One entry of a container being rewritten. `original` is the node it
 * continues and `index` that node's position among the originals (both -1 for
 * a new entry). For originals `body === null` means the value is unchanged and
 * its text is copied. New entries carry their value (written once their place
 * is known), a quoted key for members, and the body node spelling them.
 */
export interface Entry {
  readonly original: JsonNodeId;
  readonly index: number;
  readonly body: string | null;
  readonly key?: string;
  readonly value?: JsonReady;
  readonly spell?: JsonNodeId;
}

export function newEntry(value: JsonReady, spell: JsonNodeId, key?: string): Entry {
  return key === undefined ? { original: -1, index: -1, body: null, value, spell } : { original: -1, index: -1, body: null, value, spell, key };
}

/**
 * The entries of a container being walked. Nothing is recorded while every
 * entry so far is unchanged and in place (the common case, where the whole
 * container will be copied); at the first difference the entries before it
 * are filled in as unchanged originals.
 */
export class EntryList {
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
      if (this.skipped === null || !this.skipped(original)) this.list.push({ original, index: i, body: null });
    }
  }

  add(position: number, entry: Entry): void {
    if (!this.changed && (entry.body !== null || entry.original < 0)) this.markChanged(position);
    if (this.changed) this.list.push(entry);
  }
}

/**
 * Writes a changed container over the original text: each kept entry with
 * its own gap (and the separator before it when its original neighbour is
 * still before it), new entries with the gap of the sibling before them, and
 * the original closing gap.
 */
export function composeContainer(writer: FreshValueWriter, node: JsonNodeId, entries: readonly Entry[], depth: number): string {
  const tree = writer.tree;
  const text = writer.text;
  const isObject = tree.kind(node) === JsonKind.Object;
  const open = isObject ? '{' : '[';
  const close = isObject ? '}' : ']';
  if (entries.length === 0) return open + close;
  const originals = tree.children(node);
  const first = originals[0] as JsonNodeId;
  const firstGap = writer.gapBefore(first);
  const closingGap = writer.closingGapOf(node);
  const inline = writer.inlineIn(node);
  let betweenGap: string | null = null;
  const between = (): string => {
    if (betweenGap === null) {
      if (originals.length > 1) betweenGap = copiedGap(writer.gapBefore(originals[1] as JsonNodeId));
      else if (hasLineBreak(firstGap)) betweenGap = copiedGap(firstGap);
      else betweenGap = inline?.item ?? ' ';
    }
    return betweenGap;
  };
  // The original nearest to a new entry is the model it imitates: the one before it, else the first.
  let model: JsonNodeId = -1;
  for (const entry of entries) {
    if (entry.original >= 0) {
      model = entry.original;
      break;
    }
  }
  let out = open;
  let previous: Entry | null = null;
  let previousGap = '';
  /** Indentation of the line where the previous entry ends, for a new entry hugging it. */
  let previousEndIndent: string | null = null;
  let place: FreshPlace | null = null;
  for (let position = 0; position < entries.length; position++) {
    const entry = entries[position] as Entry;
    let gap: string;
    if (position === 0) gap = firstGap;
    else if (entry.index > 0) gap = writer.gapBefore(originals[entry.index] as JsonNodeId);
    else gap = position === 1 ? between() : previous !== null && previous.original < 0 ? previousGap : copiedGap(previousGap);
    if (position > 0) {
      const adjacent = entry.index > 0 && previous !== null && previous.index === entry.index - 1;
      out += adjacent ? text.slice(tree.end(originals[entry.index - 1] as JsonNodeId), tree.leadingStart(entry.original)) : ',';
    }
    out += gap;
    if (entry.original >= 0) {
      const start = tree.entryStart(entry.original);
      out += entry.body === null ? text.slice(start, tree.end(entry.original)) : text.slice(start, tree.start(entry.original)) + entry.body;
      model = entry.original;
      previousEndIndent = null;
    } else {
      // A run of new entries shares the gap and the place of its first one.
      if (place === null || previous === null || previous.original >= 0 || gap !== previousGap) {
        let indent = '';
        if (inline === null) {
          if (hasLineBreak(gap)) indent = indentAfter(gap);
          else if (previous === null) indent = writer.lineIndentAt(tree.start(node));
          else indent = previousEndIndent ?? writer.lineIndentAt(tree.end(previous.original) - 1);
        }
        let keySeparator = inline?.key ?? writer.layout.keySeparator;
        if (isObject) keySeparator = writer.keySeparatorOf(previous !== null && previous.original >= 0 ? previous.original : first);
        place = { depth: depth + 1, indent, model, inline, keySeparator };
      }
      out += (entry.key === undefined ? '' : entry.key + place.keySeparator) + writer.fresh(entry.value ?? null, place, entry.spell ?? -1);
      previousEndIndent = place.indent;
    }
    previous = entry;
    previousGap = gap;
  }
  return out + closingGap + close;
}
