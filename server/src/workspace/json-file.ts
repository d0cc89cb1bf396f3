import { readFile } from 'node:fs/promises';
import { JsonSyntaxError, parseJsonSource, type ErrorDetail, type JsonSource } from '@planvas/shared';
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
export async function readJsonFile(path: string): Promise<JsonFileSnapshot | undefined> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
  return snapshotOf(path, bytes);
}

export function snapshotOf(path: string, bytes: Buffer): JsonFileSnapshot {
  const revision = revisionOf(bytes);
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
