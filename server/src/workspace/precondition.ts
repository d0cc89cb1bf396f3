import { StaleRevision } from '../errors/domain-errors';
import { messages } from '../errors/messages';

/**
 * The revision a change is based on, which the document must still be at for the change to be
 * written (an HTTP request states it with If-Match, http/if-match.ts). Revisions compare
 * strongly. `any` holds for any existing file; `absent` for a file that does not exist yet (to
 * create an optional document such as step_config.json).
 */
export type Precondition = { kind: 'any' } | { kind: 'absent' } | { kind: 'revisions'; revisions: string[] };

/** Throws StaleRevision (with the revision the client should reload) unless the precondition holds. */
export function assertPrecondition(precondition: Precondition, currentRevision: string | undefined, file: string): void {
  const stale = (message: string) => StaleRevision.precondition(message, currentRevision ?? null);
  switch (precondition.kind) {
    case 'any':
      if (currentRevision === undefined) throw stale(messages.ifMatchButAbsent(file));
      return;
    case 'absent':
      if (currentRevision !== undefined) throw stale(messages.ifMatchAbsentButExists(file));
      return;
    case 'revisions':
      if (currentRevision === undefined) throw stale(messages.ifMatchButAbsent(file));
      if (!precondition.revisions.includes(currentRevision)) throw stale(messages.ifMatchStale(file));
  }
}
