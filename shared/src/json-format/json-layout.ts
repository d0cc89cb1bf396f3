import type { JsonSource } from './json-source';
import type { JsonTree } from './json-tree';

/**
 * File-wide defaults for newly written JSON, for the places where no
 * neighbour shows how the file looks (an empty container getting its first
 * entry, a value replaced by one of another type). Wherever a neighbour
 * exists, the writer copies the neighbour instead.
 *
 * Pretty mode follows JSON.stringify(v, null, indent); compact mode is for
 * single-line documents (minified, or Python's json.dumps default) and reuses
 * their own separators.
 */
export class JsonLayout {
  constructor(
    /** One indentation level ('' for unindented documents). */
    readonly indent: string,
    readonly newline: string,
    /** The whole document is on one line: whatever is written stays on it. */
    readonly compact: boolean,
    /** Written between the key and the value of new members (': ' in pretty mode). */
    readonly keySeparator: string,
    /** Whitespace after ',' on one line (compact mode: the file's own; else one space). */
    readonly itemGap: string,
  ) {}
}

export const STANDARD_KEY_SEPARATOR = ': ';

/** What JSON.stringify(v, null, 2) writes: the layout of a file planvas creates. */
export const STANDARD_LAYOUT = new JsonLayout('  ', '\n', false, STANDARD_KEY_SEPARATOR, ' ');

export function layoutForSource(source: JsonSource): JsonLayout {
  const tree = source.tree;
  const compact = source.indent === '' && tree.isContainer(tree.root) && !tree.isMultiline(tree.root);
  if (!compact) return new JsonLayout(source.indent, source.newline, false, STANDARD_KEY_SEPARATOR, ' ');
  const separators = findSeparators(tree);
  return new JsonLayout('', source.newline, true, separators.key ?? ':', separators.item ?? '');
}

/** The first key separator and the first gap after a comma in document order. */
function findSeparators(tree: JsonTree): { key?: string; item?: string } {
  const found: { key?: string; item?: string } = {};
  const text = tree.text;
  for (let node = 0; node < tree.size && (found.key === undefined || found.item === undefined); node++) {
    if (found.key === undefined && tree.keyStart(node) >= 0) found.key = text.slice(tree.keyEnd(node), tree.start(node));
    if (found.item === undefined && tree.isContainer(node) && tree.childCount(node) > 1) {
      const second = tree.nextSibling(node + 1);
      found.item = text.slice(tree.leadingStart(second), tree.entryStart(second));
    }
  }
  return found;
}
