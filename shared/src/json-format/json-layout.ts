import type { JsonSource } from './json-source';
import type { JsonTree } from './json-tree';

/**
 * How newly written JSON should look so that it blends into a given file.
 * Pretty mode follows JSON.stringify(v, null, indent); compact mode is for
 * single-line documents (minified, or Python's json.dumps default) and reuses
 * their own separators.
 */
export class JsonLayout {
  private readonly lineBreaks: string[] = [];

  constructor(
    readonly indent: string,
    readonly newline: string,
    readonly compact: boolean,
    /** Written between the key and the value of new members (': ' in pretty mode). */
    readonly keySeparator: string,
    /** Whitespace after ',' in compact mode. */
    readonly itemGap: string,
  ) {}

  /** Newline plus indentation for an entry at this depth (cached: asked for once per written entry). */
  lineBreak(depth: number): string {
    let cached = this.lineBreaks[depth];
    if (cached === undefined) {
      cached = this.newline + this.indent.repeat(depth);
      this.lineBreaks[depth] = cached;
    }
    return cached;
  }
}

export const STANDARD_KEY_SEPARATOR = ': ';

export function layoutForSource(source: JsonSource): JsonLayout {
  const tree = source.tree;
  const compact = source.indent === '' && tree.isContainer(tree.root) && !tree.isMultiline(tree.root);
  if (!compact) return new JsonLayout(source.indent, source.newline, false, STANDARD_KEY_SEPARATOR, '');
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
