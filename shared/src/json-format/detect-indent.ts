const DEFAULT_INDENT = '  ';

/** Like editors, look at the start of big files only: indentation is uniform in practice. */
const SAMPLED_LINES = 10_000;

/**
 * The indentation unit of a JSON text: the most frequent step by which a line
 * is indented deeper than the line above it (the first to reach the top count
 * wins a tie), as the detect-indent package does. Steps rather than the first
 * indented line cope with hand-written files that start unusually.
 *
 * Without any indented line: '' when the document still has non-empty
 * containers (minified or deliberately flat files stay that way), otherwise
 * the JSON.stringify(v, null, 2) default, since there is nothing to imitate.
 */
export function detectIndent(text: string): string {
  const counts = new Map<string, number>();
  let best = '';
  let bestCount = 0;
  let previousStart = 0;
  let previousLength = 0;
  const length = text.length;
  let lineStart = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (let line = 0; line < SAMPLED_LINES && lineStart < length; line++) {
    let contentStart = lineStart;
    for (;;) {
      const code = text.charCodeAt(contentStart);
      if (code !== 32 && code !== 9) break;
      contentStart++;
    }
    const first = text.charCodeAt(contentStart);
    if (contentStart < length && first !== 10 && first !== 13) {
      const indentLength = contentStart - lineStart;
      if (indentLength > previousLength && sharesPrefix(text, previousStart, lineStart, previousLength)) {
        const step = text.slice(lineStart + previousLength, contentStart);
        const count = (counts.get(step) ?? 0) + 1;
        counts.set(step, count);
        if (count > bestCount) {
          best = step;
          bestCount = count;
        }
      }
      previousStart = lineStart;
      previousLength = indentLength;
    }
    const newline = text.indexOf('\n', contentStart);
    if (newline < 0) break;
    lineStart = newline + 1;
  }
  if (bestCount > 0) return best;
  return /[[{][ \t\r\n]*[^ \t\r\n\]}]/.test(text) ? '' : DEFAULT_INDENT;
}

function sharesPrefix(text: string, a: number, b: number, length: number): boolean {
  for (let i = 0; i < length; i++) if (text.charCodeAt(a + i) !== text.charCodeAt(b + i)) return false;
  return true;
}
