/**
 * A quick look at a JSON text, far cheaper than a full parse with its syntax tree: how deep it nests
 * and whether any number is spelled other than JavaScript writes it (`1.0`, `1e400`, big integers).
 * Request bodies that nest within the limit and spell every number plainly need no syntax tree:
 * JSON.parse gives the same value and the writer has no spelling to keep. The text is assumed to be
 * JSON (JSON.parse decides that); for anything else the answer means nothing.
 */
export interface JsonShape {
  maxDepth: number;
  /** A number token whose text is not `String(Number(text))`. */
  unusualNumber: boolean;
}

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACE = 123;
const OPEN_BRACKET = 91;
const CLOSE_BRACE = 125;
const CLOSE_BRACKET = 93;
const MINUS = 45;
const ZERO = 48;
const NINE = 57;

export function scanJsonShape(text: string): JsonShape {
  let depth = 0;
  let maxDepth = 0;
  let unusualNumber = false;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // Jump to the closing quote: one not preceded by an odd run of backslashes.
      let end = text.indexOf('"', i + 1);
      while (end > 0) {
        let slashes = 0;
        for (let j = end - 1; text.charCodeAt(j) === BACKSLASH; j--) slashes++;
        if (slashes % 2 === 0) break;
        end = text.indexOf('"', end + 1);
      }
      if (end < 0) break;
      i = end;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > maxDepth) maxDepth = depth;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    } else if (c === MINUS || (c >= ZERO && c <= NINE)) {
      let end = i + 1;
      while (end < length && isNumberChar(text.charCodeAt(end))) end++;
      if (!unusualNumber) {
        const token = text.slice(i, end);
        unusualNumber = String(Number(token)) !== token;
      }
      i = end - 1;
    }
  }
  return { maxDepth, unusualNumber };
}

function isNumberChar(c: number): boolean {
  // digits . e E + -
  return (c >= ZERO && c <= NINE) || c === 46 || c === 101 || c === 69 || c === 43 || c === MINUS;
}
