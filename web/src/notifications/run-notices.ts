import { isFinalRunStatus, type RunStatus } from '@planvas/shared';

/** One run as the notifier sees it: what its status is now, and what a notice about it names. */
export type WatchedRun = {
  id: string;
  workflowId: string;
  status: RunStatus | null;
  /** Why it ended, for a failure (the run's `run_status` reason or the index's `error`). */
  reason: string | null;
  /** The question it waits on, while it waits. */
  question: { stepId: string; question: string } | null;
  /** `#12` (its number in its workflow), or the short id while the runs list does not hold it. */
  ref: string;
};

/**
 * What the notifier looks at. The followed run is read from its folded events (the shared run-state
 * fold, through the store's run slice) and only once its stored events are all folded: the events
 * an opened run replays are its past, not news. Every other run of the open workflow is read from
 * the runs list, each time the list is read again.
 */
export type RunsView = {
  /** The open workflow's runs list, as last read (null while it is being read for the first time, or no workflow is open). */
  list: { workflowId: string; runs: ReadonlyArray<WatchedRun> } | null;
  followedId: string | null;
  /** The followed run once its stored events are folded; null while they load. */
  followed: WatchedRun | null;
};

export type RunNoticeKind = 'started' | 'waiting' | 'resumed' | 'completed' | 'failed' | 'cancelled';

/** A change of one run worth telling: `resumed` is a run that no longer waits (answered, or gone on). */
export type RunNotice = { kind: RunNoticeKind; run: WatchedRun };

type Seen = { status: RunStatus | null; questionKey: string | null };

const questionKey = (run: WatchedRun) => (run.question ? `${run.question.stepId}\n${run.question.question}` : null);

/**
 * Turns successive views of the runs into notices, one per change of a run's status, each told
 * once. The first view of anything is only remembered: what the page finds on opening (the list's
 * runs on its first read, an old run opened from the list) is history, not news. A run the page
 * has not seen, in a workflow whose list it has read, is new: started since (here, in another
 * tab, or by an external runtime), so it gets its `started` notice.
 */
export class RunWatch {
  private readonly seen = new Map<string, Seen>();
  private readonly listsRead = new Set<string>();

  observe(view: RunsView): RunNotice[] {
    const notices: RunNotice[] = [];
    if (view.list) {
      const firstRead = !this.listsRead.has(view.list.workflowId);
      this.listsRead.add(view.list.workflowId);
      for (const run of view.list.runs) {
        // The followed run goes by its events, which are ahead of the list; a list read before
        // they are folded still sets what it was when the page first saw it.
        if (run.id === view.followedId && (this.seen.has(run.id) || !firstRead)) continue;
        this.track(run, firstRead, notices);
      }
    }
    const followed = view.followed;
    if (followed) {
      // Not seen before: new if its workflow's list was read without it, else found (the page just opened).
      const known = this.seen.has(followed.id);
      this.track(followed, !known && !this.listsRead.has(followed.workflowId), notices);
    }
    return notices;
  }

  private track(run: WatchedRun, silent: boolean, notices: RunNotice[]): void {
    const before = this.seen.get(run.id);
    // A run that has ended stays ended: a list read before its end was folded must not revive it.
    if (before && isFinalRunStatus(before.status ?? 'running')) return;
    const now: Seen = { status: run.status, questionKey: questionKey(run) };
    this.seen.set(run.id, now);
    if (silent || run.status === null) return;
    const from = before?.status ?? null;
    if (from === run.status && (run.status !== 'waiting_input' || before?.questionKey === now.questionKey)) return;
    const tell = (kind: RunNoticeKind) => notices.push({ kind, run });
    if (from === null && !isFinalRunStatus(run.status)) tell('started');
    if (run.status === 'waiting_input') {
      // Still waiting: a new question is news; its question answered (the run's next status not
      // folded yet) is the run going on.
      if (from !== 'waiting_input' || now.questionKey !== null) tell('waiting');
      else tell('resumed');
      return;
    }
    if (from === 'waiting_input') tell('resumed');
    if (run.status === 'completed') tell('completed');
    else if (run.status === 'failed') tell('failed');
    else if (run.status === 'cancelled') tell('cancelled');
  }
}
