import { ShuttingDown } from '../errors/domain-errors';
import { WatchSession, type WatchSessionOptions } from './watch-session';
import type { ChangeSubscriber, DocumentChange, WorkflowRevisions, WorkflowsChange, WorkspaceRevisions } from './workspace-changes';
import type { WorkspaceRepository } from './workspace-repository';

export type WorkspaceWatcherOptions = Partial<WatchSessionOptions> & {
  /** Where failures to read or walk are reported (they never stop the watching). */
  onError?: (error: unknown, what: string) => void;
};

export const DEFAULT_WATCH_DEBOUNCE_MS = 40;
export const DEFAULT_WATCH_POLL_MS = 3000;

interface Entry<Ready> {
  subscriber: ChangeSubscriber<Ready>;
  /** Set once `ready` went out: nothing reaches a subscriber before its snapshot. */
  open: boolean;
}

/**
 * Tells subscribers when a workflow's plan.json or step_config.json changes on disk, whoever
 * changed it, and when workflows appear or disappear. Watching (fs.watch, polling) runs only
 * while someone is subscribed: an idle server, a CLI command or a test that never subscribes
 * holds no watches at all.
 */
export class WorkspaceWatcher {
  private readonly byWorkflow = new Map<string, Set<Entry<WorkflowRevisions>>>();
  private readonly ofWorkspace = new Set<Entry<WorkspaceRevisions>>();
  private session: WatchSession | undefined;
  private users = 0;
  private closed = false;
  private readonly stopHearingWrites: () => void;
  private readonly stopHearingElsewhere: () => void;
  private readonly options: WatchSessionOptions;
  private readonly onError: (error: unknown, what: string) => void;

  constructor(
    private readonly workspace: WorkspaceRepository,
    options: WorkspaceWatcherOptions = {},
  ) {
    this.options = {
      debounceMs: options.debounceMs ?? DEFAULT_WATCH_DEBOUNCE_MS,
      pollMs: options.pollMs ?? DEFAULT_WATCH_POLL_MS,
      fsEvents: options.fsEvents ?? true,
    };
    this.onError = options.onError ?? (() => undefined);
    this.stopHearingWrites = workspace.onDocumentWritten((written) => this.session?.onWritten(written));
    // Team mode: other instances' writes, told as their notices arrive (watch-session.ts).
    this.stopHearingElsewhere = workspace.onWrittenElsewhere((written) => this.session?.onWrittenElsewhere(written));
  }

  /** Folders under fs.watch right now (0 when nobody is subscribed, and after close). */
  get watchedFolderCount(): number {
    return this.session?.watchedFolderCount ?? 0;
  }

  get subscriberCount(): number {
    return this.users;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Changes of one workflow's documents. Resolves with the unsubscribe function, after `ready`. */
  subscribeWorkflow(id: string, subscriber: ChangeSubscriber<WorkflowRevisions>): Promise<() => void> {
    const entry: Entry<WorkflowRevisions> = { subscriber, open: false };
    let set = this.byWorkflow.get(id);
    if (!set) {
      set = new Set();
      this.byWorkflow.set(id, set);
    }
    set.add(entry);
    return this.start(
      () => {
        const current = this.byWorkflow.get(id);
        current?.delete(entry);
        if (current?.size === 0) this.byWorkflow.delete(id);
      },
      async (session) => {
        await session.refreshWorkflow(id);
        return () => {
          subscriber.ready(session.revisionsOf(id));
          entry.open = true;
        };
      },
    );
  }

  /** Changes of every workflow, and workflows added or removed. */
  subscribeWorkspace(subscriber: ChangeSubscriber<WorkspaceRevisions>): Promise<() => void> {
    const entry: Entry<WorkspaceRevisions> = { subscriber, open: false };
    this.ofWorkspace.add(entry);
    return this.start(
      () => this.ofWorkspace.delete(entry),
      async (session) => {
        await mapLimit(session.workflows(), 8, (id) => session.refreshWorkflow(id));
        return () => {
          subscriber.ready({ workflows: session.workflows().map((id) => session.revisionsOf(id)) });
          entry.open = true;
        };
      },
    );
  }

  /**
   * Counts the subscriber in, starts the session if it is the first, reads the baseline, then
   * sends `ready` and opens the gate in one synchronous step, so a change is either already in
   * the snapshot or delivered after it, never both and never lost.
   */
  private async start(remove: () => void, baseline: (session: WatchSession) => Promise<() => void>): Promise<() => void> {
    if (this.closed) {
      remove();
      throw new ShuttingDown();
    }
    this.users += 1;
    let subscribed = true;
    const unsubscribe = () => {
      if (!subscribed) return;
      subscribed = false;
      remove();
      this.users -= 1;
      if (this.users === 0) this.stopSession();
    };
    try {
      const session = (this.session ??= new WatchSession(this.workspace, this.sinkFor(), this.options));
      await session.started;
      const sendReady = await baseline(session);
      if (subscribed && session === this.session) sendReady();
      return unsubscribe;
    } catch (error) {
      unsubscribe();
      throw error;
    }
  }

  private stopSession(): void {
    this.session?.dispose();
    this.session = undefined;
  }

  private sinkFor() {
    return {
      change: (change: DocumentChange) => {
        for (const entry of this.byWorkflow.get(change.workflowId) ?? []) deliver(entry, (s) => s.change(change));
        for (const entry of this.ofWorkspace) deliver(entry, (s) => s.change(change));
      },
      workflows: (change: WorkflowsChange) => {
        for (const entry of this.ofWorkspace) deliver(entry, (s) => s.workflows?.(change));
      },
      trackedWorkflows: () => this.byWorkflow.keys(),
      followsWorkspace: () => this.ofWorkspace.size > 0,
      error: (error: unknown, what: string) => this.onError(error, what),
    };
  }

  /** Stops every watch and timer; later subscriptions are refused. Open streams end with the server. */
  close(): void {
    this.closed = true;
    this.stopHearingWrites();
    this.stopHearingElsewhere();
    this.stopSession();
  }
}

function deliver<Ready>(entry: Entry<Ready>, send: (subscriber: ChangeSubscriber<Ready>) => void): void {
  if (!entry.open) return;
  try {
    send(entry.subscriber);
  } catch {
    // One broken stream must not keep the others from hearing the change.
    entry.open = false;
  }
}

async function mapLimit<T>(items: ReadonlyArray<T>, limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
