import { JsonDepthError, jsonWriteMessages } from './json-write-error';
import { layoutForSource, STANDARD_LAYOUT } from './json-layout';
import type { JsonSource } from './json-source';
import type { JsonTree } from './json-tree';
import { OMITTED, toJsonReady } from './json-value-semantics';
import { MAX_JSON_DEPTH, parseJsonSource } from './parse-json-source';
import { PreservingWriter } from './preserving-writer';

// The entry point of the in-place writer. Its parts: preserving-writer.ts walks the value against
// the original tree; container-composition.ts writes a changed container over the original text;
// fresh-value-writer.ts writes new values like their siblings, whose layout sibling-layout.ts reads;
// object-key-placement.ts places new keys; number-spellings.ts keeps the body's number spellings.

export interface StringifyOptions {
  /**
   * The parse of the text the value came from (a request body). A number is
   * written as that text spelled it at the same path (`1e400`,
   * `12345678901234567890`, `1.0`, `-0`) rather than as JavaScript would
   * re-serialise it, and a deliberate re-spelling there replaces the file's.
   */
  spellings?: JsonSource | undefined;
}

/**
 * Writes value as JSON that looks like source.text wherever value still says
 * what source said: a no-op save returns source.text itself, and an edit
 * replaces only the bytes of what changed.
 *
 * - A changed value replaces its own text; every kept entry keeps its gap and
 *   every container its closing gap.
 * - A removed entry takes its own text and one separator with it.
 * - An added entry copies the gap of the sibling before it, and a new object
 *   or array is laid out like that sibling (same indentation relative to its
 *   line, one line if the sibling is on one line).
 *
 * Without a source this is exactly what real planvas writers produce:
 * JSON.stringify(value, null, 2) plus a final newline.
 *
 * Throws JsonDepthError for a value nested deeper than MAX_JSON_DEPTH.
 */
export function stringifyPreserving(value: unknown, source?: JsonSource, options: StringifyOptions = {}): string {
  const spellings = options.spellings;
  if (source === undefined) {
    if (spellings !== undefined) {
      const ready = toJsonReady(value, '');
      if (ready === OMITTED) throw new TypeError(jsonWriteMessages.notSerialisable);
      const writer = new PreservingWriter(emptyTree(), STANDARD_LAYOUT, spellings, value);
      return `${writer.fresh(ready, { depth: 0, indent: '', model: -1, inline: null, keySeparator: STANDARD_LAYOUT.keySeparator }, writer.spellRoot)}\n`;
    }
    return `${standardText(value)}\n`;
  }
  const ready = toJsonReady(value, '');
  if (ready === OMITTED) throw new TypeError(jsonWriteMessages.notSerialisable);
  const tree = source.tree;
  const writer = new PreservingWriter(tree, layoutForSource(source), spellings ?? null, value);
  const root = writer.write(ready, tree.root, writer.spellRoot, 0, -1);
  if (root === null) return source.text;
  // Whatever surrounds the root (BOM, final newline or its absence) is kept as it was.
  return source.text.slice(0, tree.start(tree.root)) + root + source.text.slice(tree.end(tree.root));
}

/** JSON.stringify(value, null, 2), refusing what the reader would refuse. */
function standardText(value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value, null, 2) as string | undefined;
  } catch (error) {
    if (error instanceof RangeError && /call stack/i.test(error.message)) throw new JsonDepthError();
    throw error;
  }
  if (text === undefined) throw new TypeError(jsonWriteMessages.notSerialisable);
  if (nestingExceeds(text, MAX_JSON_DEPTH)) throw new JsonDepthError();
  return text;
}

/** Whether valid JSON text nests containers deeper than limit (strings skipped). */
function nestingExceeds(text: string, limit: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      for (i++; i < text.length; i++) {
        const inner = text.charCodeAt(i);
        if (inner === BACKSLASH) i++;
        else if (inner === QUOTE) break;
      }
    } else if (code === BRACKET_OPEN || code === BRACE_OPEN) {
      if (++depth > limit) return true;
    } else if (code === BRACKET_CLOSE || code === BRACE_CLOSE) {
      depth--;
    }
  }
  return false;
}

const QUOTE = 34;
const BACKSLASH = 92;
const BRACKET_OPEN = 91;
const BRACKET_CLOSE = 93;
const BRACE_OPEN = 123;
const BRACE_CLOSE = 125;

let emptyTreeCache: JsonTree | null = null;
function emptyTree(): JsonTree {
  emptyTreeCache ??= parseJsonSource('null').tree;
  return emptyTreeCache;
}
