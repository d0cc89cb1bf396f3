import { createHash } from 'node:crypto';

/**
 * A document's revision is a hash of its bytes on disk, so an edit made outside planvas (an
 * editor, git checkout) changes it as surely as a save through the API does.
 */
export function revisionOf(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 32);
}

/** The ETag header value of a revision (a strong validator, quoted). */
export function etagOf(revision: string): string {
  return `"${revision}"`;
}
