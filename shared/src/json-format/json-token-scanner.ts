import { jsonSyntaxMessages as messages } from './json-syntax-error';

// Character codes the scanner branches on (the tree builder shares QUOTE and MINUS).
const TAB = 9;
const LINE_FEED = 10;
const CARRIAGE_RETURN = 13;
const SPACE = 32;
export const QUOTE = 34;
const APOSTROPHE = 39;
const ASTERISK = 42;
const PLUS = 43;
export const MINUS = 45;
const DOT = 46;
const SLASH = 47;
const ZERO = 48;
const NINE = 57;
const UPPER_E = 69;
const BACKSLASH = 92;
const LOWER_E = 101;
const LOWER_U = 117;

/** Characters allowed after a backslash, besides 'u'. */
const SIMPLE_ESCAPE = new Set([QUOTE, BACKSLASH, SLASH, 98, 102, 110, 114, 116]); // " \ / b f n r t

export function isDigit(code: number): boolean {
  return code >= ZERO && code <= NINE;
}

function isHexDigit(code: number): boolean {
  return isDigit(code) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);
}

/** The BOM; parseJsonSource skips it before the document, and an error message names it. */
export const BOM = 0xfeff;

/**
 * The lexical half of the parser: skips whitespace (counting line breaks), validates strings
 * and numbers, and words the error for an unexpected character. SourceParser extends it rather
 * than holding one, so these per-character loops stay direct methods of the one parser object.
 */
export abstract class JsonTokenScanner {
  protected pos: number;
  /** Line breaks only occur in whitespace, so counting them there tells which containers span lines. */
  protected lineBreaks = 0;

  constructor(
    protected readonly text: string,
    start: number,
  ) {
    this.pos = start;
  }

  /** Throws the syntax error for reason at offset, with the path where parsing stopped. */
  protected abstract fail(reason: string, offset?: number): never;

  private describeCurrent(): string {
    const code = this.text.codePointAt(this.pos) ?? 0;
    return code < 0x20 || code === 0x7f || code === BOM || code === 0xa0
      ? `character U+${code.toString(16).toUpperCase().padStart(4, '0')}`
      : `character '${String.fromCodePoint(code)}'`;
  }

  protected unexpected(expected: string): never {
    if (this.pos >= this.text.length) this.fail(messages.unexpectedEnd(expected));
    const code = this.text.charCodeAt(this.pos);
    if (code === SLASH) {
      const next = this.text.charCodeAt(this.pos + 1);
      if (next === SLASH || next === ASTERISK) this.fail(messages.comment);
    }
    if (code === APOSTROPHE) this.fail(messages.singleQuotes);
    this.fail(messages.unexpectedCharacter(this.describeCurrent(), expected));
  }

  protected skipWhitespace(): void {
    const text = this.text;
    let pos = this.pos;
    for (;;) {
      const code = text.charCodeAt(pos);
      if (code === SPACE || code === TAB) {
        pos++;
      } else if (code === LINE_FEED || code === CARRIAGE_RETURN) {
        this.lineBreaks++;
        pos++;
      } else {
        break;
      }
    }
    this.pos = pos;
  }

  /** Validates a string starting at pos and leaves pos after its closing quote; true if it has escapes. */
  protected scanString(): boolean {
    const text = this.text;
    const length = text.length;
    const start = this.pos;
    let pos = start + 1;
    let escaped = false;
    for (;;) {
      if (pos >= length) this.fail(messages.unterminatedString, start);
      const code = text.charCodeAt(pos);
      if (code === QUOTE) break;
      if (code === BACKSLASH) {
        escaped = true;
        const escape = text.charCodeAt(pos + 1);
        if (escape === LOWER_U) {
          for (let i = 2; i < 6; i++) {
            if (!isHexDigit(text.charCodeAt(pos + i))) this.fail(messages.invalidEscape(text.slice(pos, pos + 6)), pos);
          }
          pos += 6;
        } else if (SIMPLE_ESCAPE.has(escape)) {
          pos += 2;
        } else {
          if (pos + 1 >= length) this.fail(messages.unterminatedString, start);
          this.fail(messages.invalidEscape(text.slice(pos, pos + 2)), pos);
        }
        continue;
      }
      if (code < 0x20) this.fail(messages.controlCharacter(code), pos);
      pos++;
    }
    this.pos = pos + 1;
    return escaped;
  }

  protected scanNumber(): void {
    const text = this.text;
    const start = this.pos;
    let pos = start;
    if (text.charCodeAt(pos) === MINUS) pos++;
    const firstDigit = text.charCodeAt(pos);
    if (firstDigit === ZERO) {
      pos++;
      if (isDigit(text.charCodeAt(pos))) this.fail(messages.leadingZero, start);
    } else if (isDigit(firstDigit)) {
      while (isDigit(text.charCodeAt(pos))) pos++;
    } else {
      if (text.startsWith('Infinity', pos)) this.fail(messages.invalidLiteral('Infinity'), start);
      this.fail(messages.digitExpected("'-'"), pos);
    }
    if (text.charCodeAt(pos) === DOT) {
      pos++;
      if (!isDigit(text.charCodeAt(pos))) this.fail(messages.digitExpected('the decimal point'), pos);
      while (isDigit(text.charCodeAt(pos))) pos++;
    }
    const exponent = text.charCodeAt(pos);
    if (exponent === LOWER_E || exponent === UPPER_E) {
      pos++;
      const sign = text.charCodeAt(pos);
      if (sign === PLUS || sign === MINUS) pos++;
      if (!isDigit(text.charCodeAt(pos))) this.fail(messages.digitExpected('the exponent marker'), pos);
      while (isDigit(text.charCodeAt(pos))) pos++;
    }
    this.pos = pos;
  }
}
