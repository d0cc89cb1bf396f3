import { randomUUID } from 'node:crypto';
import type { Database } from '../database/database';
import type { DocumentWritten, WrittenElsewhere } from './document-writes';
import type { FileLocks, HeldFileLock } from './file-locks';

/** Where instances tell each other of the documents they write: wake-ups only, never file bodies. */
export const WRITES_CHANNEL = 'planvas_saves';
/** Prefix of a file's advisory lock key (the rest is fileLockName's name of it). */
export const FILE_LOCK_PREFIX = 'planvas_file:';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; ids are at most 1 KiB, so this is a guard only. */
const MAX_PAYLOAD_BYTES = 7900;

export type TeamDatabase = Pick<Database, 'withAdvisoryLock' | 'notify' | 'listen'>;

interface Notice extends WrittenElsewhere {
  /** The sending instance: it hears its own notices too, and ignores them. */
  from: string;
}

/**
 * Team mode's document writes: several API instances on one workspace and one database.
 *
 * - Locks: a save takes its file's session advisory lock (inside its own process' queue) around
 *   the If-Match check and the rename, so saves of one file by any instances run one at a time.
 * - Notices on WRITES_CHANNEL: `writing`, sent on the lock's own connection right before the
 *   rename (so it is out before any watcher can see the new bytes, and the rename happens only
 *   while the lock is provably held); `written`, after any write this instance announces (saves,
 *   creation, copies, moves, deletes, migrations). Other instances' change streams report them as
 *   planvas' own writes, with the saving tab's client id (watch-session.ts).
 */
export class TeamWrites implements FileLocks {
  readonly instance = randomUUID();

  constructor(
    private readonly database: TeamDatabase,
    private readonly onError: (error: unknown, what: string) => void = () => undefined,
  ) {}

  withLock<T>(file: string, work: (lock: HeldFileLock) => Promise<T>): Promise<T> {
    return this.database.withAdvisoryLock(FILE_LOCK_PREFIX + file, (client) =>
      work({
        writing: async (written) => {
          const payload = this.encode('writing', written);
          if (payload !== undefined) await this.database.notify(WRITES_CHANNEL, payload, client);
        },
      }),
    );
  }

  /**
   * Tells the others that this instance wrote a document. Not awaited by the writer: it may be
   * called under a file's lock, whose holder must never wait for a second connection of the pool;
   * a notice that cannot be sent leaves the others their file watchers and polling.
   */
  written(written: DocumentWritten): void {
    const payload = this.encode('written', written);
    if (payload === undefined) return;
    this.database.notify(WRITES_CHANNEL, payload).catch((error: unknown) => this.onError(error, 'could not tell the other instances of a write'));
  }

  /** Hears the other instances' notices until the returned function is called. */
  follow(hear: (written: WrittenElsewhere) => void): Promise<() => Promise<void>> {
    return this.database.listen(WRITES_CHANNEL, (payload) => {
      const notice = decodeNotice(payload);
      if (notice && notice.from !== this.instance) {
        const { from: _self, ...written } = notice;
        hear(written);
      }
    });
  }

  private encode(phase: WrittenElsewhere['phase'], written: DocumentWritten): string | undefined {
    const notice: Notice = { ...written, phase, from: this.instance };
    const payload = JSON.stringify(notice);
    return Buffer.byteLength(payload) < MAX_PAYLOAD_BYTES ? payload : undefined;
  }
}

/** A notice as sent, or undefined for anything else on the channel (another version, a hand-made NOTIFY). */
function decodeNotice(payload: string): Notice | undefined {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { from, phase, workflowId, document, revision, clientId } = value as Record<string, unknown>;
  if (typeof from !== 'string' || typeof workflowId !== 'string') return undefined;
  if (phase !== 'writing' && phase !== 'written') return undefined;
  if (document !== 'plan' && document !== 'step_config') return undefined;
  if (revision !== null && typeof revision !== 'string') return undefined;
  if (clientId !== undefined && typeof clientId !== 'string') return undefined;
  return { from, phase, workflowId, document, revision, ...(clientId !== undefined ? { clientId } : {}) };
}
