import { ApiError } from './api-error';
import { messages } from '../errors/messages';
import type { Precondition } from '../workspace/precondition';
import { etagOf } from '../workspace/revision';

/** planvas' own If-Match tag for "the file does not exist yet", used to create an optional document such as step_config.json. */
export const ABSENT_TAG = 'absent';

/**
 * The If-Match header as a Precondition (workspace/precondition.ts). Revisions compare strongly
 * (RFC 9110): a weak `W/"..."` tag never matches. `*` matches any existing file.
 */
export function parseIfMatch(header: string | string[] | undefined): Precondition | undefined {
  const raw = Array.isArray(header) ? header.join(',') : header;
  if (raw === undefined || raw.trim() === '') return undefined;
  const tags = raw
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
  if (tags.includes('*')) return { kind: 'any' };
  const revisions: string[] = [];
  for (const tag of tags) {
    if (tag.startsWith('W/')) continue;
    // Unquoted values are accepted too: clients often copy the bare `revision` field.
    const value = tag.startsWith('"') && tag.endsWith('"') && tag.length >= 2 ? tag.slice(1, -1) : tag;
    if (value === ABSENT_TAG) return { kind: 'absent' };
    revisions.push(value);
  }
  return { kind: 'revisions', revisions };
}

export function requirePrecondition(header: string | string[] | undefined): Precondition {
  const precondition = parseIfMatch(header);
  if (!precondition) throw new ApiError(428, 'if_match_required', messages.ifMatchMissing, [{ path: 'If-Match', message: 'header missing' }]);
  return precondition;
}

/** For conditional GETs: true when If-None-Match names the current revision (answer 304). */
export function matchesIfNoneMatch(header: string | string[] | undefined, revision: string): boolean {
  const raw = Array.isArray(header) ? header.join(',') : header;
  if (!raw) return false;
  return raw.split(',').some((tag) => {
    const t = tag.trim().replace(/^W\//, '');
    return t === '*' || t === etagOf(revision) || t === revision;
  });
}
