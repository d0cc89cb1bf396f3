import { pairArrayElements } from './array-element-pairing';
import { layoutForSource, STANDARD_LAYOUT, type JsonLayout } from './json-layout';
import type { JsonSource } from './json-source';
import { JsonKind, type JsonNodeId, type JsonTree } from './json-tree';
import { hasJsonKey, OMITTED, toJsonReady, writeScalar, type JsonReady } from './json-value-semantics';
import { MAX_JSON_DEPTH, parseJsonSource } from './parse-json-source';

export const jsonWriteMessages = {
  notSerialisable: 'The value cannot be written as JSON (it is undefined, a function or a symbol)',
  circular: 'Converting circular structure to JSON',
  tooDeep: (limit: number) => `The value is nested more than ${limit} levels deep: it could not be read back, so it is not written`,
} as const;

/**
 * The value is nested deeper than parseJsonSource accepts. Writing it would
 * leave a file planvas cannot open again, so nothing is written. It is the
 * caller's input that is wrong, hence `statusCode` 400 for HTTP servers.
 */
export class JsonDepthError extends Error {
  readonly statusCode = 400;
  readonly code = 'too_deep';
  readonly limit = MAX_JSON_DEPTH;

  constructor() {
    super(jsonWriteMessages.tooDeep(MAX_JSON_DEPTH));
    this.name = 'JsonDepthError';
  }
}

export interface StringifyOptions {
  /**
   * The parse of the text the value came from (a request body). A number is
   * written as that text spelled it at the same path (`1e400`,
   * `12345678901234567890`, `1.0`, `-0`) rather than as JavaScript would
   * re-serialise it, and a deliberate re-spelling there replaces the file's.
   */
  spellings?: JsonSource | undefined;
}

/**
 * Writes value as JSON that looks like source.text wherever value still says
 * what source said: a no-op save returns source.text itself, and an edit
 * replaces only the bytes of what changed.
 *
 * - A changed value replaces its own text; every kept entry keeps its gap and
 *   every container its closing gap.
 * - A removed entry takes its own text and one separator with it.
 * - An added entry copies the gap of the sibling before it, and a new object
 *   or array is laid out like that sibling (same indentation relative to its
 *   line, one line if the sibling is on one line).
 *
 * Without a source this is exactly what real planvas writers produce:
 * JSON.stringify(value, null, 2) plus a final newline.
 *
 * Throws JsonDepthError for a value nested deeper than MAX_JSON_DEPTH.
 */
export function stringifyPreserving(value: unknown, source?: JsonSource, options: StringifyOptions = {}): string {
  const spellings = options.spellings;
  if (source === undefined) {
    if (spellings !== undefined) {
      const ready = toJsonReady(value, '');
      if (ready === OMITTED) throw new TypeError(jsonWriteMessages.notSerialisable);
      const writer = new PreservingWriter(emptyTree(), STANDARD_LAYOUT, spellings, value);
      return `${writer.fresh(ready, { depth: 0, indent: '', model: -1, inline: null, keySeparator: STANDARD_LAYOUT.keySeparator }, writer.spellRoot)}\n`;
    }
    return `${standardText(value)}\n`;
  }
  const ready = toJsonReady(value, '');
  if (ready === OMITTED) throw new TypeError(jsonWriteMessages.notSerialisable);
  const tree = source.tree;
  const writer = new PreservingWriter(tree, layoutForSource(source), spellings ?? null, value);
  const root = writer.write(ready, tree.root, writer.spellRoot, 0, -1);
  if (root === null) return source.text;
  // Whatever surrounds the root (BOM, final newline or its absence) is kept as it was.
  return source.text.slice(0, tree.start(tree.root)) + root + source.text.slice(tree.end(tree.root));
}

/** JSON.stringify(value, null, 2), refusing what the reader would refuse. */
function standardText(value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value, null, 2) as string | undefined;
  } catch (error) {
    if (error instanceof RangeError && /call stack/i.test(error.message)) throw new JsonDepthError();
    throw error;
  }
  if (text === undefined) throw new TypeError(jsonWriteMessages.notSerialisable);
  if (nestingExceeds(text, MAX_JSON_DEPTH)) throw new JsonDepthError();
  return text;
}

/** Whether valid JSON text nests containers deeper than limit (strings skipped). */
function nestingExceeds(text: string, limit: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      for (i++; i < text.length; i++) {
        const inner = text.charCodeAt(i);
        if (inner === BACKSLASH) i++;
        else if (inner === QUOTE) break;
      }
    } else if (code === BRACKET_OPEN || code === BRACE_OPEN) {
      if (++depth > limit) return true;
    } else if (code === BRACKET_CLOSE || code === BRACE_CLOSE) {
      depth--;
    }
  }
  return false;
}

const QUOTE = 34;
const BACKSLASH = 92;
const BRACKET_OPEN = 91;
const BRACKET_CLOSE = 93;
const BRACE_OPEN = 123;
const BRACE_CLOSE = 125;
const LINE_FEED = 10;
const CARRIAGE_RETURN = 13;
const SPACE = 32;
const TAB = 9;
const BOM = 0xfeff;

let emptyTreeCache: JsonTree | null = null;
function emptyTree(): JsonTree {
  emptyTreeCache ??= parseJsonSource('null').tree;
  return emptyTreeCache;
}

/**
 * One entry of a container being rewritten. `original` is the node it
 * continues and `index` that node's position among the originals (both -1 for
 * a new entry). For originals `body === null` means the value is unchanged and
 * its text is copied. New entries carry their value (written once their place
 * is known), a quoted key for members, and the body node spelling them.
 */
interface Entry {
  readonly original: JsonNodeId;
  readonly index: number;
  readonly body: string | null;
  readonly key?: string;
  readonly value?: JsonReady;
  readonly spell?: JsonNodeId;
}

/** Keys a JS object orders first, as array indices ("0", "12"; not "01" or "-1"). */
function isIntegerLikeKey(key: string): boolean {
  return /^(0|[1-9][0-9]*)$/.test(key) && Number(key) < 4294967295;
}

function newEntry(value: JsonReady, spell: JsonNodeId, key?: string): Entry {
  return key === undefined ? { original: -1, index: -1, body: null, value, spell } : { original: -1, index: -1, body: null, value, spell, key };
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
      if (this.skipped === null || !this.skipped(original)) this.list.push({ original, index: i, body: null });
    }
  }

  add(position: number, entry: Entry): void {
    if (!this.changed && (entry.body !== null || entry.original < 0)) this.markChanged(position);
    if (this.changed) this.list.push(entry);
  }
}

/** How a value written on one line separates its entries. */
interface InlineStyle {
  /** After each ','. */
  readonly item: string;
  /** Between a key and its value. */
  readonly key: string;
}

/** Where a new value goes, which decides how it is laid out. */
interface FreshPlace {
  /** Nesting depth of the value (the root is 0). */
  readonly depth: number;
  /** Indentation of the line the value starts on. */
  readonly indent: string;
  /** An original container of the same shape to imitate (a sibling), or -1. */
  readonly model: JsonNodeId;
  /** Set when the value must stay on one line. */
  readonly inline: InlineStyle | null;
  /** Between key and value of members when there is no model. */
  readonly keySeparator: string;
}

function hasLineBreak(text: string): boolean {
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
function copiedGap(gap: string): string {
  const at = lastLineBreak(gap);
  return at < 0 ? gap : lineBreakAt(gap, at) + gap.slice(at + 1);
}

/**
 * A model's gap moved to where the new value is: `modelIndent` (the
 * indentation of the model's own line) becomes `indent`, what the model had
 * beyond it is kept (`fallback` when its line is not deeper than the model's).
 */
function rebasedGap(gap: string, modelIndent: string, indent: string, fallback: string): string {
  const at = lastLineBreak(gap);
  if (at < 0) return gap;
  const tail = gap.slice(at + 1);
  return lineBreakAt(gap, at) + indent + (tail.startsWith(modelIndent) ? tail.slice(modelIndent.length) : fallback);
}

/** The indentation after a gap's last line break ('' when it has none). */
function indentAfter(gap: string): string {
  return gap.slice(lastLineBreak(gap) + 1);
}

/** The spelling node of a value that wraps the body (see anchorSpellings): its one member is the body. */
const WRAPPED_BODY = -2;

interface SpellFinder {
  find(key: string): JsonNodeId;
}

/**
 * Where the body's tree meets the value. Normally at both roots; but the value
 * may be a member of the body (the legacy array form of step_config.json is
 * written from the body's `steps`) or hold the body as a member (`{ steps: body }`).
 * Recognised by identity, so only when the caller passes the body's own objects.
 */
function anchorSpellings(value: unknown, spellings: JsonSource): { node: JsonNodeId; key?: string } {
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

/** Above this many members a model object is not searched for a member by key. */
const MODEL_KEY_SCAN_LIMIT = 32;

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

/**
 * Walks the new value against the original tree once, bottom-up: each call
 * answers "unchanged" (null) or the new text, so equality is never
 * recomputed for a subtree and the cost stays linear in the document. The
 * spelling tree (the request body) is walked alongside, by key and index.
 */
class PreservingWriter {
  private readonly text: string;
  /** Containers being written by fresh(), to reject cycles as JSON.stringify does. */
  private readonly active = new Set<object>();
  /** Offsets of line starts, built only if a line is too long to scan back along. */
  private lineStarts: Int32Array | null = null;
  private inlineDefaults: InlineStyle | null = null;
  private readonly spellings: JsonTree | null;
  /** The spelling node of the value's root (-1: none). */
  readonly spellRoot: JsonNodeId;
  /** For WRAPPED_BODY: the value's member that is the body. */
  private readonly wrapperKey: string | undefined;

  constructor(
    private readonly tree: JsonTree,
    readonly layout: JsonLayout,
    spellings: JsonSource | null,
    value: unknown,
  ) {
    this.text = tree.text;
    this.spellings = spellings?.tree ?? null;
    const anchor = spellings === null ? { node: -1 } : anchorSpellings(value, spellings);
    this.spellRoot = anchor.node;
    this.wrapperKey = anchor.key;
  }

  // ---- spellings ---------------------------------------------------------

  private spellKind(spell: JsonNodeId): JsonKind | -1 {
    return spell >= 0 && this.spellings !== null ? this.spellings.kind(spell) : -1;
  }

  /** The body's text for this number at this place, when it spelled the same number there. */
  private spelledNumber(value: number, spell: JsonNodeId): string | null {
    if (this.spellKind(spell) !== JsonKind.Number) return null;
    const spelled = (this.spellings as JsonTree).raw(spell);
    return Object.is(Number(spelled), value) ? spelled : null;
  }

  private spellFinder(spell: JsonNodeId): SpellFinder | null {
    if (spell === WRAPPED_BODY) {
      const root = (this.spellings as JsonTree).root;
      return { find: (key) => (key === this.wrapperKey ? root : -1) };
    }
    return this.spellKind(spell) === JsonKind.Object ? new MemberFinder(this.spellings as JsonTree, spell) : null;
  }

  private spellElements(spell: JsonNodeId): ArrayCursor {
    return this.spellKind(spell) === JsonKind.Array ? new ArrayCursor(this.spellings as JsonTree, spell) : NO_ELEMENTS;
  }

  // ---- comparing against the original -----------------------------------

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
      return kind === JsonKind.Array ? this.writeArray(value, node, spell, depth, parent) : this.replace(value, node, spell, depth, parent);
    }
    return kind === JsonKind.Object
      ? this.writeObject(value as Record<string, unknown>, node, spell, depth, parent)
      : this.replace(value, node, spell, depth, parent);
  }

  private writeScalarOver(value: string | number | boolean | null, node: JsonNodeId, spell: JsonNodeId): string | null {
    const tree = this.tree;
    if (typeof value === 'number' && spell >= 0) {
      const spelled = this.spelledNumber(value, spell);
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

  private writeArray(values: readonly unknown[], node: JsonNodeId, spell: JsonNodeId, depth: number, parent: JsonNodeId): string | null {
    const tree = this.tree;
    const count = tree.childCount(node);
    const pairs = pairArrayElements(tree, node, values);
    if (pairs === null && values.length !== count) return this.writeResizedArray(values, node, spell, depth, parent);
    const originals = pairs === null ? null : tree.children(node);
    const entries = new EntryList(tree, node);
    if (values.length !== count) entries.markChanged(0);
    const spells = this.spellElements(spell);
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
    return entries.changed ? this.compose(node, entries.list, depth, parent) : null;
  }

  /**
   * Elements inserted or removed where nothing identifies them (strings,
   * numbers, objects without ids): the unchanged elements at the start and at
   * the end keep their originals, so one insertion or removal touches only
   * its own element; the middle is paired by position.
   */
  private writeResizedArray(values: readonly unknown[], node: JsonNodeId, spell: JsonNodeId, depth: number, parent: JsonNodeId): string {
    const tree = this.tree;
    const originals = tree.children(node);
    const length = values.length;
    const count = originals.length;
    const items = new Array<JsonReady>(length);
    const spells = new Int32Array(length);
    const cursor = this.spellElements(spell);
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
    return this.compose(node, entries, depth, parent);
  }

  private writeObject(value: Record<string, unknown>, node: JsonNodeId, spell: JsonNodeId, depth: number, parent: JsonNodeId): string | null {
    const keys = Object.keys(value);
    const tree = this.tree;
    const spells = this.spellFinder(spell);
    if (keys.length === tree.childCount(node) && !tree.hasDuplicateKeys(node) && this.keysAligned(node, keys)) {
      return this.writeAlignedObject(value, keys, node, spells, depth, parent);
    }
    const count = tree.childCount(node);
    const lastMemberByKey = tree.hasDuplicateKeys(node) ? this.lastMemberByKey(node) : null;
    const isOverwritten = (member: JsonNodeId): boolean => lastMemberByKey?.get(tree.key(member)) !== member;
    const entries = new EntryList(tree, node, lastMemberByKey === null ? null : isOverwritten);
    const placed = this.allKeysOriginal(node, keys) ? null : this.placeNewKeys(node, keys);
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
    return entries.changed ? this.compose(node, entries.list, depth, parent) : null;
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
    parent: JsonNodeId,
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
    return entries.changed ? this.compose(node, entries.list, depth, parent) : null;
  }

  /** Whether every key of the value is one of the object's original keys. */
  private allKeysOriginal(node: JsonNodeId, keys: readonly string[]): boolean {
    const original = new Set(this.tree.children(node).map((child) => this.tree.key(child)));
    return keys.every((key) => original.has(key));
  }

  /**
   * Where each key the text does not have goes. A renamed or inserted key keeps its place among
   * its neighbours: right after the nearest original key before it in the value's order, else
   * right before the nearest original key after it. Integer-like keys (and keys with no original
   * neighbour) go last, since JS moves integer-like keys to the front of every object and their
   * order says nothing.
   */
  private placeNewKeys(node: JsonNodeId, keys: readonly string[]): { before: Map<number, string[]>; after: Map<number, string[]>; atEnd: string[] } {
    const tree = this.tree;
    const indexOf = new Map<string, number>();
    tree.children(node).forEach((child, i) => indexOf.set(tree.key(child), i));
    const placed = { before: new Map<number, string[]>(), after: new Map<number, string[]>(), atEnd: [] as string[] };
    const push = (map: Map<number, string[]>, at: number, key: string) => {
      const list = map.get(at);
      if (list) list.push(key);
      else map.set(at, [key]);
    };
    const ordered = keys.filter((key) => !isIntegerLikeKey(key));
    for (const key of keys) {
      if (indexOf.has(key)) continue;
      if (isIntegerLikeKey(key)) {
        placed.atEnd.push(key);
        continue;
      }
      const at = ordered.indexOf(key);
      const previous = ordered
        .slice(0, at)
        .reverse()
        .find((k) => indexOf.has(k));
      const next = previous === undefined ? ordered.slice(at + 1).find((k) => indexOf.has(k)) : undefined;
      if (previous !== undefined) push(placed.after, indexOf.get(previous)!, key);
      else if (next !== undefined) push(placed.before, indexOf.get(next)!, key);
      else placed.atEnd.push(key);
    }
    return placed;
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

  // ---- laying out (the helpers below are also FreshContainer's) -----------

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
  private inlineIn(container: JsonNodeId): InlineStyle | null {
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

  /**
   * Writes a changed container over the original text: each kept entry with
   * its own gap (and the separator before it when its original neighbour is
   * still before it), new entries with the gap of the sibling before them, and
   * the original closing gap.
   */
  private compose(node: JsonNodeId, entries: readonly Entry[], depth: number, _parent: JsonNodeId): string {
    const tree = this.tree;
    const text = this.text;
    const isObject = tree.kind(node) === JsonKind.Object;
    const open = isObject ? '{' : '[';
    const close = isObject ? '}' : ']';
    if (entries.length === 0) return open + close;
    const originals = tree.children(node);
    const first = originals[0] as JsonNodeId;
    const firstGap = this.gapBefore(first);
    const closingGap = this.closingGapOf(node);
    const inline = this.inlineIn(node);
    let betweenGap: string | null = null;
    const between = (): string => {
      if (betweenGap === null) {
        if (originals.length > 1) betweenGap = copiedGap(this.gapBefore(originals[1] as JsonNodeId));
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
      else if (entry.index > 0) gap = this.gapBefore(originals[entry.index] as JsonNodeId);
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
            else if (previous === null) indent = this.lineIndentAt(tree.start(node));
            else indent = previousEndIndent ?? this.lineIndentAt(tree.end(previous.original) - 1);
          }
          let keySeparator = inline?.key ?? this.layout.keySeparator;
          if (isObject) keySeparator = this.keySeparatorOf(previous !== null && previous.original >= 0 ? previous.original : first);
          place = { depth: depth + 1, indent, model, inline, keySeparator };
        }
        out += (entry.key === undefined ? '' : entry.key + place.keySeparator) + this.fresh(entry.value ?? null, place, entry.spell ?? -1);
        previousEndIndent = place.indent;
      }
      previous = entry;
      previousGap = gap;
    }
    return out + closingGap + close;
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

  /**
   * A value with no original counterpart. With a model (an original sibling
   * of the same kind) it copies the model's gaps, moved to its own
   * indentation; on one line when the model or the place is on one line;
   * otherwise like JSON.stringify with the file's indent unit.
   */
  fresh(value: JsonReady, place: FreshPlace, spell: JsonNodeId): string {
    if (value === null || typeof value !== 'object') {
      if (typeof value === 'number' && spell >= 0) return this.spelledNumber(value, spell) ?? writeScalar(value);
      return writeScalar(value);
    }
    if (place.depth >= MAX_JSON_DEPTH) throw new JsonDepthError();
    if (this.active.has(value)) throw new TypeError(jsonWriteMessages.circular);
    this.active.add(value);
    const tree = this.tree;
    const isArray = Array.isArray(value);
    let model = place.model;
    if (model >= 0 && (tree.kind(model) !== (isArray ? JsonKind.Array : JsonKind.Object) || tree.childCount(model) === 0)) model = -1;
    const inline = model >= 0 && !tree.isMultiline(model) ? this.inlineStyleOf(model) : place.inline;
    const writer = new FreshContainer(this, tree, place, model, inline);
    if (isArray) {
      const spells = this.spellElements(spell);
      for (let j = 0; j < value.length; j++) {
        const item = toJsonReady(value[j], j);
        writer.add(undefined, item === OMITTED ? null : item, spells.next());
      }
    } else {
      const record = value as Record<string, unknown>;
      const spells = this.spellFinder(spell);
      for (const key of Object.keys(record)) {
        const item = toJsonReady(record[key], key);
        if (item === OMITTED) continue;
        writer.add(key, item, spells?.find(key) ?? -1);
      }
    }
    this.active.delete(value);
    return writer.finish(isArray ? '[' : '{', isArray ? ']' : '}');
  }
}

/** The elements of an array of the spelling tree, one by one (-1 past the end). */
class ArrayCursor {
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

/** Writes the entries of one new container, imitating a model when there is one. */
class FreshContainer {
  private out = '';
  private count = 0;
  private readonly modelIndent: string;
  private readonly modelCount: number;
  /** The model's entry at the current position (the last one once past its end). */
  private modelEntry: JsonNodeId;
  private modelEntryIndex = 0;
  /** Whether the model shows a gap between entries (it has two or more). */
  private readonly modelHasBetweenGap: boolean;
  private readonly keySeparator: string;
  private previousIndent: string;
  /** Without a model, every entry goes on its own line one unit deeper. */
  private plainGap: string | null = null;

  constructor(
    private readonly writer: PreservingWriter,
    private readonly tree: JsonTree,
    private readonly place: FreshPlace,
    private readonly model: JsonNodeId,
    private readonly inline: InlineStyle | null,
  ) {
    this.previousIndent = place.indent;
    const hasModel = model >= 0;
    this.modelIndent = hasModel && inline === null ? writer.lineIndentAt(tree.start(model)) : '';
    this.modelCount = hasModel ? tree.childCount(model) : 0;
    this.modelEntry = hasModel ? model + 1 : -1;
    this.modelHasBetweenGap = this.modelCount > 1;
    if (inline !== null) this.keySeparator = inline.key;
    else if (hasModel && tree.kind(model) === JsonKind.Object) this.keySeparator = writer.keySeparatorOf(model + 1);
    else this.keySeparator = place.keySeparator;
  }

  add(key: string | undefined, value: JsonReady, spell: JsonNodeId): void {
    const writer = this.writer;
    const layout = writer.layout;
    const position = this.count++;
    let gap: string;
    let indent: string;
    let childModel: JsonNodeId = -1;
    if (this.modelEntry >= 0) {
      if (position > 0 && this.modelEntryIndex < this.modelCount - 1) {
        this.modelEntry = this.tree.nextSibling(this.modelEntry);
        this.modelEntryIndex++;
      }
      childModel = key === undefined ? this.modelEntry : this.modelMember(key);
    }
    if (this.inline !== null) {
      gap = position === 0 ? '' : this.inline.item;
      indent = this.place.indent;
    } else if (this.modelEntry >= 0) {
      // Entry k takes the gap of the model's entry k (its last one past its end).
      let modelGap: string;
      if (position === 0) modelGap = writer.gapBefore(this.model + 1);
      else modelGap = this.modelHasBetweenGap ? writer.gapBefore(this.modelEntry) : this.derivedBetweenGap();
      gap = rebasedGap(modelGap, this.modelIndent, this.place.indent, layout.indent);
      indent = hasLineBreak(gap) ? indentAfter(gap) : this.previousIndent;
    } else {
      this.plainGap ??= layout.newline + this.place.indent + layout.indent;
      gap = this.plainGap;
      indent = indentAfter(gap);
    }
    this.previousIndent = indent;
    let body: string;
    if (value === null || typeof value !== 'object') {
      body = writer.fresh(value, this.place, spell);
    } else {
      const place: FreshPlace = { depth: this.place.depth + 1, indent, model: childModel, inline: this.inline, keySeparator: this.keySeparator };
      body = writer.fresh(value, place, spell);
    }
    this.out += (position > 0 ? ',' : '') + gap + (key === undefined ? '' : JSON.stringify(key) + this.keySeparator) + body;
  }

  finish(open: string, close: string): string {
    if (this.count === 0) return open + close;
    let closing: string;
    if (this.inline !== null) {
      closing = '';
    } else if (this.modelEntry >= 0) {
      closing = rebasedGap(this.writer.closingGapOf(this.model), this.modelIndent, this.place.indent, '');
    } else {
      closing = this.writer.layout.newline + this.place.indent;
    }
    return open + this.out + closing + close;
  }

  /** With one entry the model shows no gap between entries: one per line if it has a line break there, else hugged. */
  private derivedBetweenGap(): string {
    const firstGap = this.writer.gapBefore(this.model + 1);
    return hasLineBreak(firstGap) ? firstGap : ' ';
  }

  /** The model's member with this key, looked for only in small models (the nested value imitates it). */
  private modelMember(key: string): JsonNodeId {
    const tree = this.tree;
    if (this.modelEntry >= 0 && tree.keyIs(this.modelEntry, key)) return this.modelEntry;
    if (this.modelCount > MODEL_KEY_SCAN_LIMIT) return -1;
    return tree.member(this.model, key);
  }
}
