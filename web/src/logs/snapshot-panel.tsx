import { useMemo, useState } from 'react';
import { GitBranch, X } from 'lucide-react';
import { todoStateAt, type PlanvasEvent } from '@planvas/shared';
import { ObjectiveEditor } from '../runs/todo-tree/objective-editor';
import { TodoTreeView } from '../runs/todo-tree/todo-tree-view';

export type SnapshotPanelProps = {
  events: ReadonlyArray<PlanvasEvent>;
  stepId: string;
  /** 0 = the state before the first turn (the planning group). */
  iteration: number;
  /** Starts a run seeded from this snapshot; absent where branching is not offered. */
  onContinue?: () => Promise<unknown>;
  onClose: () => void;
};

/**
 * The todo tree and objective exactly as they were at the end of an iteration, read from the
 * run's per-iteration snapshot events (docs/formats.md "Snapshots"), with "Continue from here".
 */
export function SnapshotPanel({ events, stepId, iteration, onContinue, onClose }: SnapshotPanelProps) {
  const snapshot = useMemo(() => todoStateAt(events, { stepId, iteration }), [events, stepId, iteration]);
  const [busy, setBusy] = useState(false);
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
          disabled={!snapshot || busy}
          title={snapshot ? 'Start a new run whose todos and objective are this snapshot' : 'There is no snapshot to continue from'}
          onClick={async () => {
            setBusy(true);
            try {
              await onContinue();
            } finally {
              setBusy(false);
            }
          }}
        >
          <GitBranch size={14} aria-hidden /> {busy ? 'Starting…' : 'Continue from here'}
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
    </aside>
  );
}
