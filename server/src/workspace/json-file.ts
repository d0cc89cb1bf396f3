import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { JsonSyntaxError, parseJsonSource, type ErrorDetail, type JsonSource, type Plan } from '@planvas/shared';
import { messages } from '../errors/messages';
import { contentStamp, type ContentStamp } from './content-stamp';
import { RACY_MS } from './file-stamp';
import { revisionOf } from './revision';
import { isMissing } from './safe-path';

/** A JSON file exactly as it is on disk at one moment: bytes, their revision and the parse. */
export interface JsonFileSnapshot {
  path: string;
  bytes: Buffer;
  revision: string;
  /**
   * The file's stamp taken just BEFORE the bytes were read: a save compares it with the file's
   * stamp right before its rename (unchanged-since-read.ts). Taken before, a write racing the
   * read leaves a stamp that no longer matches, so the bytes are compared rather than trusted.
   */
  stamp: ContentStamp;
  /** The parse with its syntax tree (for format-preserving writes); absent when unreadable. */
  source?: JsonSource;
  /** Why the file cannot be read as JSON, located by line and column. */
  unreadable?: ErrorDetail;
  /** Unreadable because the text stops early (mid-value, mid-string, mid-character): perhaps still being written. */
  cutShort?: boolean;
}

// ignoreBOM keeps a BOM in the text, where the parser notes it and the writer puts it back.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * An editor that saves in place truncates the file and then writes it, perhaps in several
 * chunks: a read in between sees half a file. Such a read is tried again, at most this often and
 * this far apart (100 ms in all), and only while the file looks mid-write (mayBeMidWrite), so a
 * file that is simply broken answers at once.
 */
const MID_WRITE_RETRIES = 5;
const MID_WRITE_PAUSE_MS = 20;

/** undefined when the file does not exist. */
export async function readJsonFile(path: string, parsed?: ParsedJsonCache): Promise<JsonFileSnapshot | undefined> {
  let snapshot = await readJsonFileOnce(path, parsed);
  for (let retry = 0; retry < MID_WRITE_RETRIES && snapshot?.unreadable; retry++) {
    if (!mayBeMidWrite(snapshot, await contentStamp(path))) break;
    await sleep(MID_WRITE_PAUSE_MS);
    snapshot = await readJsonFileOnce(path, parsed);
  }
  return snapshot;
}

/**
 * An unreadable file may still be being written when it changed since its bytes were read, or
 * when its text stops early and it was written moments ago (a file broken that way for longer
 * than RACY_MS is not waited for).
 */
function mayBeMidWrite(snapshot: JsonFileSnapshot, now: ContentStamp): boolean {
  if (!now.isFile) return false;
  return now.key !== snapshot.stamp.key || (snapshot.cutShort === true && now.modifiedAgoMs < RACY_MS);
}

async function readJsonFileOnce(path: string, parsed?: ParsedJsonCache): Promise<JsonFileSnapshot | undefined> {
  const stamp = await contentStamp(path);
  if (stamp.key === 'absent') return undefined;
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
  if (!parsed) return snapshotOf(path, bytes, stamp);
  const revision = revisionOf(bytes);
  const source = parsed.source(path, revision);
  if (source) return { path, bytes, revision, stamp, source };
  const snapshot = snapshotOf(path, bytes, stamp, revision);
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

function snapshotOf(path: string, bytes: Buffer, stamp: ContentStamp, revision = revisionOf(bytes)): JsonFileSnapshot {
  let text: string;
  try {
    // Decoding leniently would turn bad bytes into U+FFFD and a save would then change
    // parts of the file the user never touched.
    text = utf8.decode(bytes);
  } catch {
    return { path, bytes, revision, stamp, unreadable: { path: '$', message: messages.notUtf8 }, cutShort: endsMidCharacter(bytes) };
  }
  try {
    return { path, bytes, revision, stamp, source: parseJsonSource(text) };
  } catch (error) {
    if (error instanceof JsonSyntaxError) {
      return { path, bytes, revision, stamp, unreadable: { path: '$', message: error.message }, cutShort: stopsEarly(text, error.offset) };
    }
    if (error instanceof SyntaxError) return { path, bytes, revision, stamp, unreadable: { path: '$', message: error.message } };
    throw error;
  }
}

/**
 * The parse failed on the last, unfinished token: at the end of the text, or at a value, string
 * or keyword that runs to the end without a line break (`"ab`, `tru`, `1.`). A stray `}` or `,`
 * is a mistake in the file, not a file cut short.
 */
function stopsEarly(text: string, offset: number): boolean {
  const rest = text.slice(offset);
  return rest.trim() === '' || (!/^[{}[\],:]/.test(rest) && !rest.includes('\n'));
}

/** Only the last character is incomplete: the bytes stop in the middle of a UTF-8 sequence. */
function endsMidCharacter(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** Sets `key` as the newest entry of `map`, dropping the oldest beyond `limit`. */
function bounded<V>(map: Map<string, V>, limit: number, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > limit) map.delete(map.keys().next().value as string);
}
