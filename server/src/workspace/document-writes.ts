import type { LegacyPromotion } from '@planvas/shared';
import type { AtomicWriter } from './atomic-write';
import type { HeldFileLock } from './file-locks';
import type { ParsedJsonCache } from './json-file';
import type { KeyedQueue } from './keyed-queue';
import type { DocumentName, WorkflowFiles } from './workflow-files';

/** Who asked for a write: the browser tab's id (X-Planvas-Client), so that tab can ignore its own echo. */
export interface WriteContext {
  clientId?: string;
}

/**
 * A document planvas itself has just written (announced while the file's queue is still held),
 * or removed (`revision: null`: its workflow was moved or deleted through the API).
 */
export interface DocumentWritten {
  workflowId: string;
  document: DocumentName;
  revision: string | null;
  clientId?: string;
}

export type DocumentWrittenListener = (written: DocumentWritten) => void;

/**
 * A document another planvas instance on the same workspace (team mode) is about to write
 * (`writing`: told under the file's lock, right before its rename) or has written (`written`).
 */
export interface WrittenElsewhere extends DocumentWritten {
  phase: 'writing' | 'written';
}

export type WrittenElsewhereListener = (written: WrittenElsewhere) => void;

/** Remembers legacy promotions after a save wrote a plan flat (see StateData.legacyPromotions). */
export interface LegacyMemory {
  recall(workflowId: string): LegacyPromotion[];
  remember(workflowId: string, promotions: LegacyPromotion[]): Promise<void>;
  forget(workflowId: string): Promise<void>;
}

/**
 * What the writes of documents (document-saves.ts, workflow-creation.ts) share with the
 * repository that runs them (workspace-repository.ts): its root, the per-file write queue and
 * cross-process lock, the parse cache, the writer, the legacy memory, and the announcement of
 * what was written.
 */
export interface DocumentWrites {
  readonly root: string;
  readonly queue: KeyedQueue;
  readonly parsed: ParsedJsonCache;
  readonly writeFile: AtomicWriter;
  readonly memory: LegacyMemory;
  locate(id: string): Promise<WorkflowFiles>;
  /**
   * Runs `work` holding `path`'s lock across processes (file-locks.ts; in the embedded mode just
   * runs it). Only inside `path`'s queue, and `work` must not wait for another database connection.
   */
  lockAcrossProcesses<T>(path: string, work: (lock: HeldFileLock) => Promise<T>): Promise<T>;
  /** Tells the listeners, from inside the file's queue, that planvas wrote `document` (null: removed it). */
  announce(workflowId: string, document: DocumentName, revision: string | null, context: WriteContext): void;
}
