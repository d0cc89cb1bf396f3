import { JsonDepthError, jsonWriteMessages } from './json-write-error';
import type { JsonLayout } from './json-layout';
import type { JsonSource } from './json-source';
import { JsonKind, type JsonNodeId, type JsonTree } from './json-tree';
import { OMITTED, toJsonReady, writeScalar, type JsonReady } from './json-value-semantics';
import { anchorSpellings, spelledNumber, spellElements, spellFinder } from './number-spellings';
import { MAX_JSON_DEPTH } from './parse-json-source';
import { hasLineBreak, indentAfter, rebasedGap, SiblingLayout, type InlineStyle } from './sibling-layout';

/** Where a new value goes, which decides how it is laid out. */
export interface FreshPlace {
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

/** Above this many members a model object is not searched for a member by key. */
const MODEL_KEY_SCAN_LIMIT = 32;

/**
 * Writes values that have no original counterpart (new entries, replaced values, filled empty
 * containers), laid out like a sibling in the original text when there is one. It also holds
 * the spelling tree, which the walk against the original (PreservingWriter) shares.
 */
export class FreshValueWriter extends SiblingLayout {
  /** Containers being written by fresh(), to reject cycles as JSON.stringify does. */
  private readonly active = new Set<object>();
  protected readonly spellings: JsonTree | null;
  /** The spelling node of the value's root (-1: none). */
  readonly spellRoot: JsonNodeId;
  /** When the value holds the body as a member (see anchorSpellings): that member's key. */
  protected readonly wrapperKey: string | undefined;

  constructor(tree: JsonTree, layout: JsonLayout, spellings: JsonSource | null, value: unknown) {
    super(tree, layout);
    this.spellings = spellings?.tree ?? null;
    const anchor = spellings === null ? { node: -1 } : anchorSpellings(value, spellings);
    this.spellRoot = anchor.node;
    this.wrapperKey = anchor.key;
  }

  /**
   * A value with no original counterpart. With a model (an original sibling
   * of the same kind) it copies the model's gaps, moved to its own
   * indentation; on one line when the model or the place is on one line;
   * otherwise like JSON.stringify with the file's indent unit.
   */
  fresh(value: JsonReady, place: FreshPlace, spell: JsonNodeId): string {
    if (value === null || typeof value !== 'object') {
      if (typeof value === 'number' && spell >= 0) return spelledNumber(this.spellings, value, spell) ?? writeScalar(value);
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
      const spells = spellElements(this.spellings, spell);
      for (let j = 0; j < value.length; j++) {
        const item = toJsonReady(value[j], j);
        writer.add(undefined, item === OMITTED ? null : item, spells.next());
      }
    } else {
      const record = value as Record<string, unknown>;
      const spells = spellFinder(this.spellings, this.wrapperKey, spell);
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
    private readonly writer: FreshValueWriter,
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
