import type { JsonLayout } from './json-layout';
import { JsonKind, type JsonNodeId, type JsonTree } from './json-tree';

/**
 * How the original text lays out its entries (gaps, key separators, indentation, one-line
 * style), read where a new entry needs it so that it can imitate its siblings, and the
 * string helpers that copy or move such a gap to where the new entry goes.
 */

// Character codes the scans below branch on.
const LINE_FEED = 10;
const CARRIAGE_RETURN = 13;
const SPACE = 32;
const TAB = 9;
const BOM = 0xfeff;

/** How a value written on one line separates its entries. */
export interface InlineStyle {
  /** After each ','. */
  readonly item: string;
  /** Between a key and its value. */
  readonly key: string;
}

export function hasLineBreak(text: string): boolean {
  return text.includes('\n') || text.includes('\r');
}

function lastLineBreak(text: string): number {
  return Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r'));
}

/** The line break ending at `at` (the index of its last character). */
function lineBreakAt(text: string, at: number): string {
  if (text.charCodeAt(at) === CARRIAGE_RETURN) return '\r';
  return at > 0 && text.charCodeAt(at - 1) === CARRIAGE_RETURN ? '\r\n' : '\n';
}

/** A gap to copy for a new entry: a line break with the same indentation (blank lines dropped), or the gap itself. */
export function copiedGap(gap: string): string {
  const at = lastLineBreak(gap);
  return at < 0 ? gap : lineBreakAt(gap, at) + gap.slice(at + 1);
}

/**
 * A model's gap moved to where the new value is: `modelIndent` (the
 * indentation of the model's own line) becomes `indent`, what the model had
 * beyond it is kept (`fallback` when its line is not deeper than the model's).
 */
export function rebasedGap(gap: string, modelIndent: string, indent: string, fallback: string): string {
  const at = lastLineBreak(gap);
  if (at < 0) return gap;
  const tail = gap.slice(at + 1);
  return lineBreakAt(gap, at) + indent + (tail.startsWith(modelIndent) ? tail.slice(modelIndent.length) : fallback);
}

/** The indentation after a gap's last line break ('' when it has none). */
export function indentAfter(gap: string): string {
  return gap.slice(lastLineBreak(gap) + 1);
}

/**
 * Reads the layout of the original text. The base of the writer's classes (FreshValueWriter,
 * PreservingWriter): extending it rather than holding it keeps every layout read a direct call
 * on the one writer object, with no forwarding on the per-entry paths.
 */
export class SiblingLayout {
  readonly text: string;
  /** Offsets of line starts, built only if a line is too long to scan back along. */
  private lineStarts: Int32Array | null = null;
  private inlineDefaults: InlineStyle | null = null;

  constructor(
    readonly tree: JsonTree,
    readonly layout: JsonLayout,
  ) {
    this.text = tree.text;
  }

  /** The text between an original entry's preceding '[', '{' or ',' and the entry. */
  gapBefore(entry: JsonNodeId): string {
    return this.text.slice(this.tree.leadingStart(entry), this.tree.entryStart(entry));
  }

  keySeparatorOf(member: JsonNodeId): string {
    return this.text.slice(this.tree.keyEnd(member), this.tree.start(member));
  }

  /** The whitespace between a non-empty container's last entry and its closing bracket. */
  closingGapOf(container: JsonNodeId): string {
    const text = this.text;
    const end = this.tree.end(container) - 1;
    let start = end;
    for (;;) {
      const code = text.charCodeAt(start - 1);
      if (code !== SPACE && code !== TAB && code !== LINE_FEED && code !== CARRIAGE_RETURN) break;
      start--;
    }
    return text.slice(start, end);
  }

  /** The whitespace a line starts with, for the line holding offset. */
  lineIndentAt(offset: number): string {
    const text = this.text;
    let start = offset;
    const limit = Math.max(0, offset - 512);
    while (start > limit) {
      const code = text.charCodeAt(start - 1);
      if (code === LINE_FEED || code === CARRIAGE_RETURN) break;
      start--;
    }
    if (start === limit && limit > 0) start = this.lineStart(offset);
    if (start === 0 && text.charCodeAt(0) === BOM) start = 1;
    let end = start;
    for (;;) {
      const code = text.charCodeAt(end);
      if (code !== SPACE && code !== TAB) break;
      end++;
    }
    return text.slice(start, end);
  }

  /** For lines too long to scan back along: a binary search over line starts, found once. */
  private lineStart(offset: number): number {
    if (this.lineStarts === null) {
      const starts: number[] = [0];
      for (let at = this.text.indexOf('\n'); at >= 0; at = this.text.indexOf('\n', at + 1)) starts.push(at + 1);
      this.lineStarts = Int32Array.from(starts);
    }
    const starts = this.lineStarts;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] as number) <= offset) low = middle;
      else high = middle - 1;
    }
    return starts[low] as number;
  }

  /** Whether the entries of this container must stay on one line: the whole file is, or the container is. */
  private isInline(container: JsonNodeId): boolean {
    if (this.layout.compact) return true;
    return container >= 0 && this.tree.childCount(container) > 0 && !this.tree.isMultiline(container);
  }

  /** How a new value inside this container stays on one line, or null when it need not. */
  inlineIn(container: JsonNodeId): InlineStyle | null {
    if (!this.isInline(container)) return null;
    return container >= 0 ? this.inlineStyleOf(container) : this.fileInlineStyle();
  }

  /** The separators of a one-line container: its own when it shows them, the file's otherwise. */
  inlineStyleOf(container: JsonNodeId): InlineStyle {
    const tree = this.tree;
    const first = tree.firstChild(container);
    const second = tree.childCount(container) > 1 ? tree.nextSibling(first) : -1;
    const gap = second >= 0 ? this.gapBefore(second) : '';
    const item = second >= 0 && !hasLineBreak(gap) ? gap : this.fileInlineStyle().item;
    const key = tree.kind(container) === JsonKind.Object && first >= 0 ? this.keySeparatorOf(first) : this.fileInlineStyle().key;
    return { item, key };
  }

  /**
   * How the file separates entries on one line: as in its first one-line
   * container that shows it (a file of `{"a":1}` objects gets no spaces),
   * else as JSON.stringify's readers expect (', ' and ': ').
   */
  private fileInlineStyle(): InlineStyle {
    if (this.inlineDefaults === null) {
      const tree = this.tree;
      let item: string | undefined;
      let key: string | undefined;
      for (let node = 0; node < tree.size && (item === undefined || key === undefined); node++) {
        if (!tree.isContainer(node) || tree.childCount(node) === 0 || tree.isMultiline(node)) continue;
        if (key === undefined && tree.kind(node) === JsonKind.Object) key = this.keySeparatorOf(node + 1);
        if (item === undefined && tree.childCount(node) > 1) item = this.gapBefore(tree.nextSibling(node + 1));
      }
      this.inlineDefaults = { item: item ?? this.layout.itemGap, key: key ?? this.layout.keySeparator };
    }
    return this.inlineDefaults;
  }
}
