import { detectIndent } from './detect-indent';
import { JsonSyntaxError, jsonSyntaxMessages as messages } from './json-syntax-error';
import type {
  JsonArrayElement,
  JsonArrayNode,
  JsonNode,
  JsonObjectMember,
  JsonObjectNode,
  JsonScalarNode,
  JsonSource,
} from './json-source';

/**
 * Far beyond any plan, yet well inside the JS stack for this recursive
 * parser and the recursive writer that later walks the same tree.
 */
export const MAX_JSON_DEPTH = 1000;

const BOM = 0xfeff;

/** Parses like JSON.parse (same value, same errors rejected) and keeps a syntax tree with offsets. */
export function parseJsonSource(text: string): JsonSource {
  const hasBom = text.charCodeAt(0) === BOM;
  const parser = new SourceParser(text, hasBom ? 1 : 0);
  const root = parser.parseDocument();
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
    root,
  };
}

const enum Code {
  Tab = 9,
  LineFeed = 10,
  CarriageReturn = 13,
  Space = 32,
  Quote = 34,
  Apostrophe = 39,
  Plus = 43,
  Comma = 44,
  Minus = 45,
  Dot = 46,
  Slash = 47,
  Zero = 48,
  Nine = 57,
  Colon = 58,
  UpperE = 69,
  BracketOpen = 91,
  Backslash = 92,
  BracketClose = 93,
  LowerE = 101,
  BraceOpen = 123,
  BraceClose = 125,
}

const SIMPLE_ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

function isDigit(code: number): boolean {
  return code >= Code.Zero && code <= Code.Nine;
}

/** Objects with more members than this check for repeated keys with a Set instead of a scan. */
const LINEAR_DUPLICATE_SCAN_LIMIT = 16;

function hasRepeatedKey(members: readonly JsonObjectMember[], key: string, seen: Set<string> | null): boolean {
  if (seen !== null) return seen.has(key);
  // The last member is the one just added.
  for (let i = members.length - 2; i >= 0; i--) if (members[i]?.key === key) return true;
  return false;
}

class SourceParser {
  private pos: number;
  /** Line breaks can only occur in whitespace, so counting them there tells which containers span lines. */
  private lineBreaks = 0;
  constructor(
    private readonly text: string,
    start: number,
  ) {
    this.pos = start;
  }

  parseDocument(): JsonNode {
    this.skipWhitespace();
    if (this.pos >= this.text.length) this.fail(messages.emptyDocument);
    const root = this.parseValue(0);
    this.skipWhitespace();
    if (this.pos < this.text.length) this.fail(messages.contentAfterValue);
    return root;
  }

  private fail(reason: string, offset: number = this.pos): never {
    throw new JsonSyntaxError(reason, this.text, offset);
  }

  private describeCurrent(): string {
    const text = this.text;
    if (this.pos >= text.length) return 'end of input';
    const code = text.codePointAt(this.pos) ?? 0;
    const character = String.fromCodePoint(code);
    return code < 0x20 || code === 0x7f || code === BOM || code === 0xa0
      ? `character U+${code.toString(16).toUpperCase().padStart(4, '0')}`
      : `character '${character}'`;
  }

  private unexpected(expected: string): never {
    if (this.pos >= this.text.length) this.fail(messages.unexpectedEnd(expected));
    const code = this.text.charCodeAt(this.pos);
    if (code === Code.Slash) {
      const next = this.text.charCodeAt(this.pos + 1);
      if (next === Code.Slash || next === 42) this.fail(messages.comment);
    }
    if (code === Code.Apostrophe) this.fail(messages.singleQuotes);
    this.fail(messages.unexpectedCharacter(this.describeCurrent(), expected));
  }

  private skipWhitespace(): void {
    const text = this.text;
    let pos = this.pos;
    for (;;) {
      const code = text.charCodeAt(pos);
      if (code === Code.Space || code === Code.Tab) {
        pos++;
      } else if (code === Code.LineFeed || code === Code.CarriageReturn) {
        this.lineBreaks++;
        pos++;
      } else {
        break;
      }
    }
    this.pos = pos;
  }

  private parseValue(depth: number): JsonNode {
    const code = this.text.charCodeAt(this.pos);
    switch (code) {
      case Code.BraceOpen:
        return this.parseObject(depth);
      case Code.BracketOpen:
        return this.parseArray(depth);
      case Code.Quote: {
        const start = this.pos;
        const value = this.parseString();
        return this.scalar(start, value);
      }
      default:
        if (code === Code.Minus || isDigit(code)) return this.parseNumber();
        return this.parseLiteral();
    }
  }

  private scalar(start: number, value: string | number | boolean | null): JsonScalarNode {
    return { kind: 'scalar', start, end: this.pos, value };
  }

  private enterContainer(depth: number): void {
    if (depth >= MAX_JSON_DEPTH) this.fail(messages.tooDeep(MAX_JSON_DEPTH));
  }

  private parseObject(depth: number): JsonObjectNode {
    this.enterContainer(depth);
    const text = this.text;
    const start = this.pos;
    const lineBreaksBefore = this.lineBreaks;
    const members: JsonObjectMember[] = [];
    let seenKeys: Set<string> | null = null;
    let hasDuplicateKeys = false;
    this.pos++;
    let leadingStart = this.pos;
    this.skipWhitespace();
    if (text.charCodeAt(this.pos) === Code.BraceClose) {
      this.pos++;
    } else {
      for (;;) {
        if (text.charCodeAt(this.pos) !== Code.Quote) {
          if (members.length > 0 && text.charCodeAt(this.pos) === Code.BraceClose) {
            this.fail(messages.trailingComma, leadingStart - 1);
          }
          this.unexpected(members.length > 0 ? 'a property name in double quotes' : "a property name in double quotes or '}'");
        }
        const keyStart = this.pos;
        const key = this.parseString();
        const keyEnd = this.pos;
        this.skipWhitespace();
        if (text.charCodeAt(this.pos) !== Code.Colon) this.unexpected(`':' after property name ${JSON.stringify(key)}`);
        this.pos++;
        this.skipWhitespace();
        const node = this.parseValue(depth + 1);
        members.push({ key, leadingStart, start: keyStart, keyStart, keyEnd, node });
        if (members.length > LINEAR_DUPLICATE_SCAN_LIMIT && seenKeys === null) {
          seenKeys = new Set(members.slice(0, -1).map((member) => member.key));
        }
        if (hasRepeatedKey(members, key, seenKeys)) hasDuplicateKeys = true;
        seenKeys?.add(key);
        this.skipWhitespace();
        const code = text.charCodeAt(this.pos);
        if (code === Code.Comma) {
          this.pos++;
          leadingStart = this.pos;
          this.skipWhitespace();
        } else if (code === Code.BraceClose) {
          this.pos++;
          break;
        } else {
          this.unexpected("',' or '}' after a property value");
        }
      }
    }
    return {
      kind: 'object',
      start,
      end: this.pos,
      members,
      multiline: this.lineBreaks > lineBreaksBefore,
      hasDuplicateKeys,
    };
  }

  private parseArray(depth: number): JsonArrayNode {
    this.enterContainer(depth);
    const text = this.text;
    const start = this.pos;
    const lineBreaksBefore = this.lineBreaks;
    const elements: JsonArrayElement[] = [];
    this.pos++;
    let leadingStart = this.pos;
    this.skipWhitespace();
    if (text.charCodeAt(this.pos) === Code.BracketClose) {
      this.pos++;
    } else {
      for (;;) {
        if (elements.length > 0 && text.charCodeAt(this.pos) === Code.BracketClose) {
          this.fail(messages.trailingComma, leadingStart - 1);
        }
        if (this.pos >= text.length) this.unexpected(elements.length > 0 ? 'a value' : "a value or ']'");
        const node = this.parseValue(depth + 1);
        elements.push({ leadingStart, start: node.start, node });
        this.skipWhitespace();
        const code = text.charCodeAt(this.pos);
        if (code === Code.Comma) {
          this.pos++;
          leadingStart = this.pos;
          this.skipWhitespace();
        } else if (code === Code.BracketClose) {
          this.pos++;
          break;
        } else {
          this.unexpected("',' or ']' after an array element");
        }
      }
    }
    return { kind: 'array', start, end: this.pos, elements, multiline: this.lineBreaks > lineBreaksBefore };
  }

  /** Leaves pos after the closing quote. Strings without escapes are a plain slice (the common case). */
  private parseString(): string {
    const text = this.text;
    const length = text.length;
    const start = this.pos + 1;
    let pos = start;
    for (;;) {
      if (pos >= length) this.fail(messages.unterminatedString, this.pos);
      const code = text.charCodeAt(pos);
      if (code === Code.Quote) {
        this.pos = pos + 1;
        return text.slice(start, pos);
      }
      if (code === Code.Backslash) break;
      if (code < 0x20) this.fail(messages.controlCharacter(code), pos);
      pos++;
    }
    let result = text.slice(start, pos);
    let chunkStart = pos;
    for (;;) {
      if (pos >= length) this.fail(messages.unterminatedString, this.pos);
      const code = text.charCodeAt(pos);
      if (code === Code.Quote) {
        this.pos = pos + 1;
        return result + text.slice(chunkStart, pos);
      }
      if (code < 0x20) this.fail(messages.controlCharacter(code), pos);
      if (code !== Code.Backslash) {
        pos++;
        continue;
      }
      result += text.slice(chunkStart, pos);
      const escape = text.charAt(pos + 1);
      const simple = SIMPLE_ESCAPES[escape];
      if (simple !== undefined) {
        result += simple;
        pos += 2;
      } else if (escape === 'u') {
        const hex = text.slice(pos + 2, pos + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail(messages.invalidEscape(text.slice(pos, pos + 6)), pos);
        result += String.fromCharCode(parseInt(hex, 16));
        pos += 6;
      } else {
        if (pos + 1 >= length) this.fail(messages.unterminatedString, this.pos);
        this.fail(messages.invalidEscape(`\\${escape}`), pos);
      }
      chunkStart = pos;
    }
  }

  private parseNumber(): JsonScalarNode {
    const text = this.text;
    const start = this.pos;
    let pos = start;
    if (text.charCodeAt(pos) === Code.Minus) pos++;
    const firstDigit = text.charCodeAt(pos);
    if (firstDigit === Code.Zero) {
      pos++;
      if (isDigit(text.charCodeAt(pos))) this.fail(messages.leadingZero, start);
    } else if (isDigit(firstDigit)) {
      while (isDigit(text.charCodeAt(pos))) pos++;
    } else {
      this.pos = pos;
      if (text.startsWith('Infinity', pos)) this.fail(messages.invalidLiteral('Infinity'), start);
      this.fail(messages.digitExpected("'-'"), pos);
    }
    if (text.charCodeAt(pos) === Code.Dot) {
      pos++;
      if (!isDigit(text.charCodeAt(pos))) this.fail(messages.digitExpected('the decimal point'), pos);
      while (isDigit(text.charCodeAt(pos))) pos++;
    }
    const exponent = text.charCodeAt(pos);
    if (exponent === Code.LowerE || exponent === Code.UpperE) {
      pos++;
      const sign = text.charCodeAt(pos);
      if (sign === Code.Plus || sign === Code.Minus) pos++;
      if (!isDigit(text.charCodeAt(pos))) this.fail(messages.digitExpected('the exponent marker'), pos);
      while (isDigit(text.charCodeAt(pos))) pos++;
    }
    this.pos = pos;
    // Number() applies the same string-to-number rounding as JSON.parse (1e400 -> Infinity too).
    return this.scalar(start, Number(text.slice(start, pos)));
  }

  private parseLiteral(): JsonScalarNode {
    const text = this.text;
    const start = this.pos;
    if (text.startsWith('true', start)) {
      this.pos += 4;
      return this.scalar(start, true);
    }
    if (text.startsWith('false', start)) {
      this.pos += 5;
      return this.scalar(start, false);
    }
    if (text.startsWith('null', start)) {
      this.pos += 4;
      return this.scalar(start, null);
    }
    const word = /^[A-Za-z_$][\w$]*/.exec(text.slice(start, start + 40));
    if (word) this.fail(messages.invalidLiteral(word[0]));
    this.unexpected('a value');
  }
}
