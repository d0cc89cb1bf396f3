import { readFile } from 'node:fs/promises';
import { JsonSyntaxError, parseJsonSource, type ErrorDetail, type JsonSource, type Plan } from '@planvas/shared';
import { messages } from '../errors';
import { revisionOf } from './revision';
import { isMissing } from './safe-path';

/** A JSON file exactly as it is on disk at one moment: bytes, their revision and the parse. */
export interface JsonFileSnapshot {
  path: string;
  bytes: Buffer;
  revision: string;
  /** The parse with its syntax tree (for format-preserving writes); absent when unreadable. */
  source?: JsonSource;
  /** Why the file cannot be read as JSON, located by line and column. */
  unreadable?: ErrorDetail;
}

// ignoreBOM keeps a BOM in the text, where the parser notes it and the writer puts it back.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** undefined when the file does not exist. */
export async function readJsonFile(path: string, parsed?: ParsedJsonCache): Promise<JsonFileSnapshot | undefined> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
  if (!parsed) return snapshotOf(path, bytes);
  const revision = revisionOf(bytes);
  const source = parsed.source(path, revision);
  if (source) return { path, bytes, revision, source };
  const snapshot = snapshotOf(path, bytes, revision);
  if (snapshot.source) parsed.remember(path, revision, snapshot.source);
  return snapshot;
}

/**
 * The parse of the files planvas last read or wrote, by path and revision (a hash of the bytes,
 * so a hit is the same text). Saving a big plan reads the file it is about to overwrite; its parse
 * (decode, syntax tree) cost as much as the rest of a save, and after planvas' own last save it is
 * already known. Bounded: the least recently remembered paths go first.
 */
export class ParsedJsonCache {
  private readonly entries = new Map<string, { revision: string; source: JsonSource }>();
  /** A plan validated at some revision of the path: readPlan's `validated`, to check only what changed. */
  private readonly plans = new Map<string, Plan>();

  constructor(private readonly limit = 16) {}

  source(path: string, revision: string): JsonSource | undefined {
    const entry = this.entries.get(path);
    return entry?.revision === revision ? entry.source : undefined;
  }

  remember(path: string, revision: string, source: JsonSource): void {
    bounded(this.entries, this.limit, path, { revision, source });
  }

  validatedPlan(path: string): Plan | undefined {
    return this.plans.get(path);
  }

  rememberValidatedPlan(path: string, plan: Plan): void {
    bounded(this.plans, this.limit, path, plan);
  }

  /**
   * After planvas wrote `text`: parses it once the current request is answered (setImmediate), so
   * the next save of the file finds it without paying for it on its own path.
   */
  rememberLater(path: string, revision: string, text: string): void {
    setImmediate(() => {
      try {
        this.remember(path, revision, parseJsonSource(text));
      } catch {
        // planvas wrote it, so it parses; if not, the next read parses it and reports why.
      }
    });
  }
}

export function snapshotOf(path: string, bytes: Buffer, revision = revisionOf(bytes)): JsonFileSnapshot {
  let text: string;
  try {
    // Decoding leniently would turn bad bytes into U+FFFD and a save would then change
    // parts of the file the user never touched.
    text = utf8.decode(bytes);
  } catch {
    return { path, bytes, revision, unreadable: { path: '$', message: messages.notUtf8 } };
  }
  try {
    return { path, bytes, revision, source: parseJsonSource(text) };
  } catch (error) {
    if (error instanceof JsonSyntaxError || error instanceof SyntaxError) {
      return { path, bytes, revision, unreadable: { path: '$', message: error.message } };
    }
    throw error;
  }
}

/** Sets `key` as the newest entry of `map`, dropping the oldest beyond `limit`. */
function bounded<V>(map: Map<string, V>, limit: number, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > limit) map.delete(map.keys().next().value as string);
}
