import type { ErrorDetail } from '../errors/error-details';

/**
 * Every parse failure message lives here, so the wording stays consistent and
 * callers (server error handler, web banner) can rely on one shape.
 */
export const jsonSyntaxMessages = {
  emptyDocument: 'Empty document: expected a JSON value',
  unexpectedEnd: (expected: string) => `Unexpected end of input: expected ${expected}`,
  unexpectedCharacter: (found: string, expected: string) => `Unexpected ${found}: expected ${expected}`,
  trailingComma: 'Trailing comma is not allowed in JSON',
  comment: 'Comments are not allowed in JSON',
  singleQuotes: 'Strings must use double quotes in JSON',
  invalidLiteral: (word: string) =>
    word === 'NaN' || word === 'Infinity'
      ? `${word} is not a valid JSON value`
      : `Unexpected token '${word}': expected a value (true, false, null, a number, a string, an object or an array)`,
  leadingZero: 'Invalid number: leading zeros are not allowed',
  digitExpected: (after: string) => `Invalid number: expected a digit after ${after}`,
  unterminatedString: 'Unterminated string: missing closing double quote',
  controlCharacter: (code: number) =>
    `Unescaped control character U+${code.toString(16).toUpperCase().padStart(4, '0')} in string` +
    ' (line breaks and tabs inside strings must be written as \\n and \\t)',
  invalidEscape: (sequence: string) => `Invalid escape sequence '${sequence}' in string`,
  contentAfterValue: 'Unexpected content after the end of the JSON value',
  tooDeep: (limit: number) => `Document is nested more than ${limit} levels deep`,
} as const;

export interface JsonLocation {
  /** 1-based line. */
  readonly line: number;
  /** 1-based column in UTF-16 code units; a leading BOM is not counted, as editors hide it. */
  readonly column: number;
}

/** Line breaks are \n, \r\n or a lone \r, matching what editors show. */
export function locateOffset(text: string, offset: number): JsonLocation {
  let line = 1;
  let lineStart = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const end = Math.min(offset, text.length);
  for (let i = lineStart; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === 10 || (code === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: Math.max(offset - lineStart, 0) + 1 };
}

export class JsonSyntaxError extends Error {
  readonly line: number;
  readonly column: number;
  /** Offset into the text as given (a BOM counts as one code unit here). */
  readonly offset: number;
  /** The message without the location suffix, for UIs that show line/column separately. */
  readonly reason: string;
  /** JSONPath of the innermost value being read when parsing failed, e.g. `$.steps[3]`. */
  readonly path: string;

  constructor(reason: string, text: string, offset: number, path = '$') {
    const { line, column } = locateOffset(text, offset);
    super(`${reason} at line ${line}, column ${column}`);
    this.name = 'JsonSyntaxError';
    this.reason = reason;
    this.line = line;
    this.column = column;
    this.offset = offset;
    this.path = path;
  }

  /** In the package's one error shape, so API answers can list it like any other problem. */
  toErrorDetail(): ErrorDetail {
    return { path: this.path, message: this.message };
  }
}
