import { InvalidWorkflowId, WorkflowNotFound } from '../errors/domain-errors';
import { SKIPPED_FOLDERS, walkWorkspace } from './discover-workflows';
import { FileRevisionProbe } from './file-revision-probe';
import { FolderWatchSet } from './folder-watch-set';
import type { DocumentName } from './workflow-files';
import type { DocumentChange, WorkflowRevisions, WorkflowsChange } from './workspace-changes';
import type { DocumentWritten, WrittenElsewhere } from './document-writes';
import type { WorkspaceRepository } from './workspace-repository';

export interface WatchSessionOptions {
  /** How long fs events for one document are gathered before it is read once. */
  debounceMs: number;
  /** How often tracked workflows are re-checked in case fs.watch missed an event. */
  pollMs: number;
  /** false: no fs.watch at all, polling alone (tests of the safety net). */
  fsEvents: boolean;
}

/** Where a session's news goes, and what it must keep an eye on (the watcher's subscribers). */
export interface SessionSink {
  change(change: DocumentChange): void;
  workflows(change: WorkflowsChange): void;
  /** Workflows someone is subscribed to: these are polled. */
  trackedWorkflows(): Iterable<string>;
  /** Someone follows the whole workspace: every workflow is polled and the folders re-scanned. */
  followsWorkspace(): boolean;
  error(error: unknown, what: string): void;
}

type Known = Partial<Record<DocumentName, string | null>>;
const DOCUMENTS: ReadonlyArray<DocumentName> = ['step_config', 'plan'];
/**
 * How long another instance's notice that it is writing a revision is kept for a read to find
 * that revision: a write refused after its notice never lands, and its claim must not outlive it
 * long (the same bytes written later by an editor would be taken for planvas'). Watchers read a
 * written file within a debounce, and the poll within seconds.
 */
const CLAIM_MS = 30_000;
const MAX_CLAIMS = 1000;

const claimKey = (id: string, document: DocumentName, revision: string | null) => `${document}\0${revision}\0${id}`;

/**
 * The watching done while anybody is subscribed: fs.watch on the workspace's folders, the last
 * known revision of every document looked at, and a poll as a safety net. A document's
 * revision is only ever read and recorded inside that file's write queue (the repository's),
 * and planvas' own saves are recorded there too (announced before the queue is released), so a
 * save and the fs event it causes are recorded once, in order, as the save.
 */
export class WatchSession {
  private readonly folders: FolderWatchSet;
  private readonly probe = new FileRevisionProbe();
  private readonly known = new Map<string, Known>();
  /** Revisions other instances said they are writing or wrote (team mode), with the tab they wrote for. */
  private readonly claims = new Map<string, { clientId: string | undefined; until: number }>();
  private readonly workflowIds = new Set<string>();
  private planningFolders = new Map<string, string>();
  private readonly pending = new Map<string, { since: number; timer: NodeJS.Timeout }>();
  private rescanTimer: NodeJS.Timeout | undefined;
  private rescanning: Promise<void> | undefined;
  private rescanAgain = false;
  private readonly pollTimer: NodeJS.Timeout;
  private polling = false;
  private disposed = false;
  private isStarted = false;
  /** Resolves once the folders are watched: a revision read after that cannot miss a change. */
  readonly started: Promise<void>;

  constructor(
    private readonly workspace: WorkspaceRepository,
    private readonly sink: SessionSink,
    private readonly options: WatchSessionOptions,
  ) {
    this.folders = new FolderWatchSet(
      (folder, filename) => this.onFolderEvent(folder, filename),
      () => this.scheduleRescan(),
      (folder, error) => this.sink.error(error, `cannot watch ${folder}; changes there are found by polling only`),
    );
    this.started = this.rescan().then(() => {
      this.isStarted = true;
    });
    this.pollTimer = setInterval(() => void this.poll(), options.pollMs);
  }

  get watchedFolderCount(): number {
    return this.folders.size;
  }

  /** The ids of the workflows as last seen. */
  workflows(): string[] {
    return [...this.workflowIds].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  revisionsOf(id: string): WorkflowRevisions {
    const known = this.known.get(id);
    return { workflowId: id, planRevision: known?.plan ?? null, stepConfigRevision: known?.step_config ?? null };
  }

  /** Reads both documents now (step_config first, so a workflow announced as added is known whole). */
  async refreshWorkflow(id: string, trustStat = false): Promise<void> {
    for (const document of DOCUMENTS) await this.refresh(id, document, trustStat);
  }

  /** A save made by planvas: recorded (and told) with its origin, inside the file's queue. */
  onWritten(written: DocumentWritten): void {
    // Before the first scan the workflow list is not known yet; the scan reads the file itself.
    if (this.disposed || !this.isStarted) return;
    this.record(written.workflowId, written.document, written.revision, 'planvas', written.clientId);
  }

  /**
   * A document another planvas instance is writing or wrote (team mode). Its revision is claimed:
   * whichever read finds it first (this one, the fs watcher's, the poll's) reports it once, as
   * planvas' own with the saving tab's client id, as a local save is. The `writing` notice comes
   * before the rename, so even a watcher that reads the new bytes before the `written` notice
   * arrives knows them. `written` reads the file at once: reported as promptly as a local save,
   * also where the file system tells of no change (a network share). What is recorded is what
   * the file holds, so a late notice never puts an older revision over a newer one.
   */
  onWrittenElsewhere(written: WrittenElsewhere): void {
    if (this.disposed || !this.isStarted) return;
    const key = claimKey(written.workflowId, written.document, written.revision);
    this.claim(key, written.clientId);
    if (written.phase === 'written') {
      // Read now, the claim has served: whatever a later read finds was not this write.
      void this.refresh(written.workflowId, written.document, false).then(() => this.claims.delete(key));
    }
  }

  private claim(key: string, clientId: string | undefined): void {
    const now = Date.now();
    for (const [old, { until }] of this.claims) {
      if (until > now && this.claims.size < MAX_CLAIMS) break;
      this.claims.delete(old);
    }
    this.claims.delete(key);
    this.claims.set(key, { clientId, until: now + CLAIM_MS });
  }

  /** The claim on this revision, if another instance made one (and it is still valid): used up. */
  private takeClaim(id: string, document: DocumentName, revision: string | null): { clientId: string | undefined } | undefined {
    const key = claimKey(id, document, revision);
    const claim = this.claims.get(key);
    if (!claim) return undefined;
    this.claims.delete(key);
    return claim.until > Date.now() ? claim : undefined;
  }

  dispose(): void {
    this.disposed = true;
    clearInterval(this.pollTimer);
    clearTimeout(this.rescanTimer);
    for (const { timer } of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
    this.folders.close();
    this.probe.clear();
    this.claims.clear();
  }

  private onFolderEvent(folder: string, filename: string | null): void {
    if (this.disposed) return;
    const id = this.planningFolders.get(folder);
    if (id !== undefined) {
      // Only the two documents count: the atomic writer's `.plan.json.*.tmp`, editors' swap and
      // backup files and anything else in planning/ are ignored. A rename-into-place shows up
      // as an event named after its target, so it is seen like a write.
      if (filename === null || filename === 'plan.json') this.schedule(id, 'plan');
      if (filename === null || filename === 'step_config.json') this.schedule(id, 'step_config');
      return;
    }
    // Another folder changed: maybe a workflow (or its planning folder) appeared or went away.
    // Hidden entries and folders that never hold a workflow do not need a re-scan.
    if (filename !== null && (filename.startsWith('.') || (SKIPPED_FOLDERS.has(filename) && filename !== 'planning'))) return;
    this.scheduleRescan();
  }

  /**
   * Gathers a burst of events into one read: the read waits until the file has been quiet for
   * `debounceMs` (a plain writeFile truncates, then writes, maybe in several chunks; reading in
   * between would report a half-written file), but never longer than ten times that, so a file
   * written continuously is still reported.
   */
  private schedule(id: string, document: DocumentName): void {
    const key = `${document}\0${id}`;
    const now = Date.now();
    const pending = this.pending.get(key);
    if (pending) {
      if (now - pending.since >= this.options.debounceMs * 10) return;
      clearTimeout(pending.timer);
    }
    const timer = setTimeout(() => {
      this.pending.delete(key);
      void this.refresh(id, document, false);
    }, this.options.debounceMs);
    this.pending.set(key, { since: pending?.since ?? now, timer });
  }

  private scheduleRescan(): void {
    if (this.disposed || this.rescanTimer) return;
    this.rescanTimer = setTimeout(() => {
      this.rescanTimer = undefined;
      void this.rescan();
    }, this.options.debounceMs);
  }

  /**
   * Walks the workspace, watches the folders it found and re-reads the plan of every workflow
   * that appeared or vanished (which announces it). One at a time; a request during a walk
   * makes one more walk afterwards.
   */
  private rescan(): Promise<void> {
    if (this.rescanning) {
      this.rescanAgain = true;
      return this.rescanning;
    }
    this.rescanning = (async () => {
      do {
        this.rescanAgain = false;
        try {
          await this.rescanOnce();
        } catch (error) {
          this.sink.error(error, 'workspace re-scan failed');
        }
      } while (this.rescanAgain && !this.disposed);
      this.rescanning = undefined;
    })();
    return this.rescanning;
  }

  private async rescanOnce(): Promise<void> {
    const layout = await walkWorkspace(this.workspace.root);
    if (this.disposed) return;
    this.planningFolders = new Map(layout.planningFolders.map((p) => [p.folder, p.id]));
    if (this.options.fsEvents) {
      const added = await this.folders.sync([...layout.folders, ...this.planningFolders.keys()]);
      // What was made in a new folder between the walk and its watch was seen by neither: walk
      // again (a fresh `mkdir -p X/planning && cp plan.json X/planning/` lands here).
      if (added.length > 0 && this.isStarted) this.rescanAgain = true;
    }
    if (this.disposed) return;
    if (!this.isStarted) {
      // The first walk only learns the list; revisions are read when someone subscribes.
      for (const id of layout.workflows) this.workflowIds.add(id);
      return;
    }
    const found = new Set(layout.workflows);
    const appeared = layout.workflows.filter((id) => !this.workflowIds.has(id));
    const vanished = [...this.workflowIds].filter((id) => !found.has(id));
    for (const id of appeared) await this.refreshWorkflow(id);
    for (const id of vanished) await this.refreshWorkflow(id);
  }

  private async poll(): Promise<void> {
    if (this.polling || this.disposed || !this.isStarted) return;
    this.polling = true;
    try {
      const ids = new Set(this.sink.trackedWorkflows());
      if (this.sink.followsWorkspace()) {
        for (const id of this.workflowIds) ids.add(id);
        await this.rescan();
      }
      for (const id of ids) {
        if (this.disposed) break;
        await this.refreshWorkflow(id, true);
      }
    } finally {
      this.polling = false;
    }
  }

  /**
   * Reads a document's revision inside its file's write queue and records it. A workflow that
   * cannot be located (plan.json gone, a link out of the root) has no documents: null.
   */
  private async refresh(id: string, document: DocumentName, trustStat: boolean): Promise<void> {
    if (this.disposed) return;
    let path: string;
    try {
      const files = await this.workspace.locate(id);
      path = document === 'plan' ? files.planPath : files.stepConfigPath;
    } catch (error) {
      if (!(error instanceof InvalidWorkflowId || error instanceof WorkflowNotFound)) {
        this.sink.error(error, `cannot locate workflow ${id}`);
        return;
      }
      if (!this.disposed) this.record(id, document, null, 'disk');
      return;
    }
    try {
      await this.workspace.serialized(path, async () => {
        const revision = await this.probe.revision(path, { trustStat });
        if (!this.disposed) this.record(id, document, revision, 'disk');
      });
    } catch (error) {
      this.sink.error(error, `cannot read ${path}`);
    }
  }

  /**
   * The one place revisions change. A first sight is a baseline, not a change; the workflow
   * list follows the plan's existence.
   */
  private record(id: string, document: DocumentName, revision: string | null, origin: DocumentChange['origin'], clientId?: string): void {
    const claim = origin === 'disk' ? this.takeClaim(id, document, revision) : undefined;
    if (claim) return this.record(id, document, revision, 'planvas', claim.clientId);
    const known = this.known.get(id) ?? {};
    const previous = known[document];
    known[document] = revision;
    this.known.set(id, known);
    if (previous !== undefined && previous !== revision) {
      this.sink.change({
        workflowId: id,
        document,
        revision,
        ...(revision === null ? { deleted: true as const } : {}),
        origin,
        ...(clientId !== undefined ? { clientId } : {}),
      });
    }
    if (document !== 'plan') return;
    if (revision !== null && !this.workflowIds.has(id)) {
      this.workflowIds.add(id);
      this.sink.workflows({ added: [id], removed: [] });
    } else if (revision === null && this.workflowIds.delete(id)) {
      this.sink.workflows({ added: [], removed: [id] });
    }
  }
}
