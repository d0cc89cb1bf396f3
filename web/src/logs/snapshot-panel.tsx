import { useMemo, useState } from 'react';
import { GitBranch, X } from 'lucide-react';
import { todoStateAt, type PlanvasEvent } from '@planvas/shared';
import { ObjectiveEditor } from '../runs/todo-tree/objective-editor';
import { TodoTreeView } from '../runs/todo-tree/todo-tree-view';
import type { ForkOptions } from '../store/state/run';
import { ForkDialog } from './fork/fork-dialog';

export type SnapshotPanelProps = {
  events: ReadonlyArray<PlanvasEvent>;
  stepId: string;
  /** 0 = the state before the first turn (the planning group). */
  iteration: number;
  /** Starts a run seeded from this snapshot, as the user changed it in the dialog; absent where branching is not offered. */
  onContinue?: (fork: ForkOptions) => Promise<unknown>;
  onClose: () => void;
};

/**
 * The todo tree and objective exactly as they were at the end of an iteration, read from the
 * run's per-iteration snapshot events (docs/formats.md "Snapshots"), with "Continue from here…",
 * whose dialog lets the user change the todos and objective first.
 */
export function SnapshotPanel({ events, stepId, iteration, onContinue, onClose }: SnapshotPanelProps) {
  const snapshot = useMemo(() => todoStateAt(events, { stepId, iteration }), [events, stepId, iteration]);
  const [forking, setForking] = useState(false);
  const label = iteration === 0 ? 'before the first iteration' : `at iteration ${iteration}`;
  return (
    <aside className="pv-snapshot" aria-label={`Plan ${label}`} data-testid="iteration-snapshot" data-iteration={iteration}>
      <header className="pv-snapshot__header">
        <h3>Plan {label}</h3>
        <button type="button" className="pv-icon-button pv-icon-button--small" aria-label="Close snapshot" onClick={onClose}>
          <X size={14} aria-hidden />
        </button>
      </header>
      {onContinue ? (
        <button
          type="button"
          className="pv-primary-button"
          data-testid="continue-from-here"
          disabled={!snapshot}
          title={snapshot ? 'Start a new run whose todos and objective are this snapshot' : 'There is no snapshot to continue from'}
          onClick={() => setForking(true)}
        >
          <GitBranch size={14} aria-hidden /> Continue from here…
        </button>
      ) : null}
      {snapshot ? (
        <>
          {snapshot.iteration !== iteration ? (
            <p className="pv-muted">Nothing changed in this iteration: showing the snapshot of iteration {snapshot.iteration}.</p>
          ) : null}
          <TodoTreeView todos={snapshot.todos} objective={<ObjectiveEditor objective={snapshot.objective ?? undefined} />} />
        </>
      ) : (
        <p className="pv-muted">No snapshot was recorded up to this iteration (imported decision logs carry none).</p>
      )}
      {forking && snapshot && onContinue ? (
        <ForkDialog
          iteration={iteration}
          todos={snapshot.todos}
          objective={snapshot.objective ?? ''}
          onClose={() => setForking(false)}
          onStart={async ({ todos, objective, mode }) => {
            // Only what changed goes to the server, which records it as the branch's edits.
            const same = JSON.stringify(todos) === JSON.stringify(snapshot.todos);
            await onContinue({
              ...(same ? {} : { todos }),
              ...(objective !== (snapshot.objective ?? '') ? { objective } : {}),
              provider: mode.provider,
              ...(mode.paceMs !== undefined ? { paceMs: mode.paceMs } : {}),
            });
            setForking(false);
          }}
        />
      ) : null}
    </aside>
  );
}
