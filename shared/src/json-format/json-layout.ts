import type { JsonNode, JsonSource } from './json-source';

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

  /** Newline plus indentation for an entry at this depth (cached: called once per written entry). */
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

export function standardLayout(indent = '  ', newline = '\n'): JsonLayout {
  return new JsonLayout(indent, newline, false, STANDARD_KEY_SEPARATOR, '');
}

export function layoutForSource(source: JsonSource): JsonLayout {
  const root = source.root;
  const compact = source.indent === '' && root.kind !== 'scalar' && !root.multiline;
  if (!compact) return standardLayout(source.indent, source.newline);
  const separators = findSeparators(source.text, root);
  return new JsonLayout('', source.newline, true, separators.key ?? ':', separators.item ?? '');
}

/** The first key separator and the first gap after a comma in the document, found breadth-first. */
function findSeparators(text: string, root: JsonNode): { key?: string; item?: string } {
  const found: { key?: string; item?: string } = {};
  const queue: JsonNode[] = [root];
  for (let i = 0; i < queue.length && (found.key === undefined || found.item === undefined); i++) {
    const node = queue[i];
    if (node === undefined || node.kind === 'scalar') continue;
    const entries = node.kind === 'object' ? node.members : node.elements;
    const second = entries[1];
    if (found.item === undefined && second !== undefined) {
      found.item = text.slice(second.leadingStart, second.start);
    }
    if (node.kind === 'object') {
      const first = node.members[0];
      if (found.key === undefined && first !== undefined) found.key = text.slice(first.keyEnd, first.node.start);
    }
    for (const entry of entries) queue.push(entry.node);
  }
  return found;
}
