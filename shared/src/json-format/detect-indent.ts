const DEFAULT_INDENT = '  ';

/**
 * The indentation unit of a JSON text: the most frequent step by which a line
 * is indented deeper than the line above it (first seen wins a tie), as the
 * detect-indent package does. Looking at steps rather than at the first
 * indented line copes with hand-written files whose first line is unusual.
 *
 * Without any indented line: '' when the document still has non-empty
 * containers (minified or deliberately flat files stay that way), otherwise
 * the JSON.stringify(v, null, 2) default, since there is nothing to imitate.
 */
export function detectIndent(text: string): string {
  const counts = new Map<string, number>();
  let best = '';
  let bestCount = 0;
  let previous = '';
  const length = text.length;
  let lineStart = 0;
  while (lineStart < length) {
    let contentStart = lineStart;
    for (;;) {
      const code = text.charCodeAt(contentStart);
      if (code !== 32 && code !== 9 && code !== 0xfeff) break;
      contentStart++;
    }
    const first = text.charCodeAt(contentStart);
    const hasContent = contentStart < length && first !== 10 && first !== 13;
    if (hasContent) {
      const whitespace = text.slice(lineStart, contentStart).replace('\ufeff', '');
      if (whitespace.length > previous.length && whitespace.startsWith(previous)) {
        const step = whitespace.slice(previous.length);
        const count = (counts.get(step) ?? 0) + 1;
        counts.set(step, count);
        if (count > bestCount) {
          best = step;
          bestCount = count;
        }
      }
      previous = whitespace;
    }
    const newline = text.indexOf('\n', contentStart);
    if (newline < 0) break;
    lineStart = newline + 1;
  }
  if (bestCount > 0) return best;
  return /[[{][ \t\r\n]*[^ \t\r\n\]}]/.test(text) ? '' : DEFAULT_INDENT;
}
