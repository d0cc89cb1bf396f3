import { formatJsonPath } from '../errors/error-details';
import { detectIndent } from './detect-indent';
import { keysOf, LINEAR_DUPLICATE_SCAN_LIMIT, repeatsEarlierKey } from './duplicate-keys';
import { JsonSyntaxError, jsonSyntaxMessages as messages } from './json-syntax-error';
import type { JsonSource } from './json-source';
import { BOM, isDigit, JsonTokenScanner, MINUS, QUOTE } from './json-token-scanner';
import { Field, Flag, JsonKind, JsonTree, NODE_STRIDE, type JsonNodeId } from './json-tree';

/**
 * Far beyond any plan, yet well inside the JS stack for this recursive
 * parser and the recursive writer that later walks the same tree.
 */
export const MAX_JSON_DEPTH = 1000;

/** Parses like JSON.parse (same value, same inputs rejected) and keeps a syntax tree with offsets. */
export function parseJsonSource(text: string): JsonSource {
  const hasBom = text.charCodeAt(0) === BOM;
  const tree = new SourceParser(text, hasBom ? 1 : 0).parseDocument();
  // The tree above has validated the text; the native parser then builds the value
  // several times faster than JS code could, with JSON.parse's exact semantics
  // (last duplicate key wins, "__proto__" as an own key, number rounding).
  const value: unknown = JSON.parse(hasBom ? text.slice(1) : text);
  const firstLineFeed = text.indexOf('\n');
  return {
    text,
    value,
    indent: detectIndent(text),
    newline: firstLineFeed > 0 && text.charCodeAt(firstLineFeed - 1) === 13 ? '\r\n' : '\n',
    finalNewline: text.endsWith('\n'),
    hasBom,
    tree,
  };
}

// Character codes the tree builder branches on (the scanner's are in json-token-scanner.ts).
const COMMA = 44;
const COLON = 58;
const BRACKET_OPEN = 91;
const BRACKET_CLOSE = 93;
const BRACE_OPEN = 123;
const BRACE_CLOSE = 125;

/** Builds the syntax tree from the tokens JsonTokenScanner validates. */
class SourceParser extends JsonTokenScanner {
  private nodes: Int32Array;
  private size = 0;

  constructor(text: string, start: number) {
    super(text, start);
    // Pretty-printed plans hold about one node per 40 characters; growing is by doubling anyway.
    this.nodes = new Int32Array(Math.max(64, (text.length >> 5) * NODE_STRIDE));
  }

  parseDocument(): JsonTree {
    this.skipWhitespace();
    if (this.pos >= this.text.length) this.fail(messages.emptyDocument);
    this.parseValue(0, this.pos, -1, -1, 0);
    this.skipWhitespace();
    if (this.pos < this.text.length) this.fail(messages.contentAfterValue);
    return new JsonTree(this.text, this.nodes, this.size);
  }

  protected override fail(reason: string, offset: number = this.pos): never {
    throw new JsonSyntaxError(reason, this.text, offset, formatJsonPath(this.openPath()));
  }

  /**
   * Where in the document parsing stopped: the chain of values still open.
   * Found from the nodes allocated so far (an open node has no end yet), so
   * the hot path pays nothing for it.
   */
  private openPath(): (string | number)[] {
    const nodes = this.nodes;
    const path: (string | number)[] = [];
    const isOpen = (node: JsonNodeId): boolean => node < this.size && nodes[node * NODE_STRIDE + Field.End] === 0;
    let node: JsonNodeId = 0;
    while (isOpen(node)) {
      const isObject = this.text.charCodeAt(nodes[node * NODE_STRIDE + Field.Start] ?? 0) === BRACE_OPEN;
      let child = node + 1;
      let index = 0;
      while (child < this.size && !isOpen(child)) {
        child = nodes[child * NODE_STRIDE + Field.SubtreeEnd] ?? this.size;
        index++;
      }
      if (child >= this.size) break;
      path.push(isObject ? this.tree().key(child) : index);
      node = child;
    }
    return path;
  }

  private allocate(leadingStart: number, keyStart: number, keyEnd: number, keyFlags: number): JsonNodeId {
    const id = this.size++;
    const base = id * NODE_STRIDE;
    if (base + NODE_STRIDE > this.nodes.length) {
      const grown = new Int32Array(this.nodes.length * 2);
      grown.set(this.nodes);
      this.nodes = grown;
    }
    const nodes = this.nodes;
    nodes[base + Field.KindAndFlags] = keyFlags;
    nodes[base + Field.Start] = this.pos;
    nodes[base + Field.LeadingStart] = leadingStart;
    nodes[base + Field.KeyStart] = keyStart;
    nodes[base + Field.KeyEnd] = keyEnd;
    nodes[base + Field.ChildCount] = 0;
    return id;
  }

  private finish(id: JsonNodeId, kindAndFlags: number): void {
    const base = id * NODE_STRIDE;
    const nodes = this.nodes;
    nodes[base + Field.KindAndFlags] = (nodes[base + Field.KindAndFlags] ?? 0) | kindAndFlags;
    nodes[base + Field.End] = this.pos;
    nodes[base + Field.SubtreeEnd] = this.size;
  }

  private parseValue(depth: number, leadingStart: number, keyStart: number, keyEnd: number, keyFlags: number): void {
    const id = this.allocate(leadingStart, keyStart, keyEnd, keyFlags);
    const text = this.text;
    const code = text.charCodeAt(this.pos);
    if (code === BRACE_OPEN) {
      this.parseObject(id, depth);
    } else if (code === BRACKET_OPEN) {
      this.parseArray(id, depth);
    } else if (code === QUOTE) {
      const escaped = this.scanString();
      this.finish(id, JsonKind.String | (escaped ? Flag.ValueEscaped : 0));
    } else if (code === MINUS || isDigit(code)) {
      this.scanNumber();
      this.finish(id, JsonKind.Number);
    } else if (text.startsWith('true', this.pos)) {
      this.pos += 4;
      this.finish(id, JsonKind.True);
    } else if (text.startsWith('false', this.pos)) {
      this.pos += 5;
      this.finish(id, JsonKind.False);
    } else if (text.startsWith('null', this.pos)) {
      this.pos += 4;
      this.finish(id, JsonKind.Null);
    } else {
      const word = /^[A-Za-z_$][\w$]*/.exec(text.slice(this.pos, this.pos + 40));
      if (word) this.fail(messages.invalidLiteral(word[0]));
      this.unexpected('a value');
    }
  }

  /**
   * Steps into the container whose bracket is at `pos`: -1 when it is empty (and closed), else
   * where its first member's leading text starts. Objects and arrays share this and
   * `afterMember`; only what a member is differs.
   */
  private openContainer(depth: number, close: number): number {
    if (depth >= MAX_JSON_DEPTH) this.fail(messages.tooDeep(MAX_JSON_DEPTH));
    this.pos++;
    const leadingStart = this.pos;
    this.skipWhitespace();
    if (this.text.charCodeAt(this.pos) !== close) return leadingStart;
    this.pos++;
    return -1;
  }

  /** Past a member: -1 at the closing bracket, else (after a comma) where the next member's leading text starts. */
  private afterMember(close: number, expected: string): number {
    this.skipWhitespace();
    const code = this.text.charCodeAt(this.pos);
    if (code === COMMA) {
      this.pos++;
      const leadingStart = this.pos;
      this.skipWhitespace();
      return leadingStart;
    }
    if (code !== close) this.unexpected(expected);
    this.pos++;
    return -1;
  }

  private parseObject(id: JsonNodeId, depth: number): void {
    const text = this.text;
    const lineBreaksBefore = this.lineBreaks;
    let count = 0;
    let flags = JsonKind.Object as number;
    let seenKeys: Set<string> | null = null;
    let leadingStart = this.openContainer(depth, BRACE_CLOSE);
    while (leadingStart >= 0) {
      if (text.charCodeAt(this.pos) !== QUOTE) {
        if (count > 0 && text.charCodeAt(this.pos) === BRACE_CLOSE) this.fail(messages.trailingComma, leadingStart - 1);
        this.unexpected(count > 0 ? 'a property name in double quotes' : "a property name in double quotes or '}'");
      }
      const keyStart = this.pos;
      const keyFlags = this.scanString() ? Flag.KeyEscaped : 0;
      const keyEnd = this.pos;
      this.skipWhitespace();
      if (text.charCodeAt(this.pos) !== COLON) {
        this.unexpected(`':' after property name ${text.slice(keyStart, Math.min(keyEnd, keyStart + 60))}`);
      }
      this.pos++;
      this.skipWhitespace();
      const member = this.size;
      this.parseValue(depth + 1, leadingStart, keyStart, keyEnd, keyFlags);
      count++;
      if ((flags & Flag.DuplicateKeys) === 0) {
        if (count > LINEAR_DUPLICATE_SCAN_LIMIT) {
          seenKeys ??= keysOf(this.tree(), id, count - 1);
          const key = this.tree().key(member);
          if (seenKeys.has(key)) flags |= Flag.DuplicateKeys;
          seenKeys.add(key);
        } else if (repeatsEarlierKey(this.text, this.nodes, this.size, id, member)) {
          flags |= Flag.DuplicateKeys;
        }
      }
      leadingStart = this.afterMember(BRACE_CLOSE, "',' or '}' after a property value");
    }
    if (this.lineBreaks > lineBreaksBefore) flags |= Flag.Multiline;
    this.nodes[id * NODE_STRIDE + Field.ChildCount] = count;
    this.finish(id, flags);
  }

  /** A view of the nodes parsed so far, for key comparisons during parsing. */
  private tree(): JsonTree {
    return new JsonTree(this.text, this.nodes, this.size);
  }

  private parseArray(id: JsonNodeId, depth: number): void {
    const text = this.text;
    const lineBreaksBefore = this.lineBreaks;
    let count = 0;
    let leadingStart = this.openContainer(depth, BRACKET_CLOSE);
    while (leadingStart >= 0) {
      if (count > 0 && text.charCodeAt(this.pos) === BRACKET_CLOSE) this.fail(messages.trailingComma, leadingStart - 1);
      if (this.pos >= text.length) this.unexpected(count > 0 ? 'a value' : "a value or ']'");
      this.parseValue(depth + 1, leadingStart, -1, -1, 0);
      count++;
      leadingStart = this.afterMember(BRACKET_CLOSE, "',' or ']' after an array element");
    }
    this.nodes[id * NODE_STRIDE + Field.ChildCount] = count;
    this.finish(id, JsonKind.Array | (this.lineBreaks > lineBreaksBefore ? Flag.Multiline : 0));
  }
}
