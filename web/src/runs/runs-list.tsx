import { useEffect, useId, useState } from 'react';
import { useShallow } from 'zustand/shallow';
import { FileInput, GitBranch, Repeat } from 'lucide-react';
import { isFinalRunStatus, type RunSummary } from '@planvas/shared';
import { runLabel, runRef } from '../store/run-events/run-labels';
import { formatDuration, RunStatusChip } from './run-format';
import { useRunStore } from './use-run-store';

/** Re-renders every second while some run is going on (durations tick). */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    // A run that just started is newer than the last tick: catch up at once, not a second later.
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

function duration(run: RunSummary, now: number): string {
  const start = Date.parse(run.startedAt);
  const end = run.endedAt ? Date.parse(run.endedAt) : isFinalRunStatus(run.status) ? Number.NaN : now;
  return formatDuration(end - start);
}

const NO_STEPS: string[] = [];

/** Imports a todo_task step's decision log (written by the seed system) as a run. */
function ImportDecisionLog() {
  const steps = useRunStore(useShallow((s) => s.document?.plan?.steps.filter((step) => step.type === 'todo_task').map((step) => step.id) ?? NO_STEPS));
  const importDecisionLog = useRunStore((s) => s.importDecisionLog);
  const [stepId, setStepId] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  if (steps.length === 0) return null;
  const chosen = steps.includes(stepId) ? stepId : steps[0]!;
  return (
    <form
      className="pv-runs__import"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        try {
          await importDecisionLog(chosen);
        } finally {
          setBusy(false);
        }
      }}
    >
      <label htmlFor={id}>Import decision log of</label>
      <select id={id} value={chosen} title={chosen} onChange={(e) => setStepId(e.target.value)}>
        {steps.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
      <button type="submit" className="pv-link-button" disabled={busy} data-testid="import-decision-log">
        <FileInput size={12} aria-hidden /> Import
      </button>
    </form>
  );
}

/**
 * Runs of the open workflow, newest first, each named `#12 · 20:21 · scripted` (its number in the
 * workflow, local start time, provider); a click follows that run. The id is in the tooltip.
 * `compact` (docked under the inspector) leaves the decision-log import to the full panel.
 */
export function RunsList({ compact = false }: { compact?: boolean }) {
  const runs = useRunStore((s) => s.runs);
  const runsStatus = useRunStore((s) => s.runsStatus);
  const followedRunId = useRunStore((s) => s.followedRunId);
  const openRun = useRunStore((s) => s.openRun);
  const replayRun = useRunStore((s) => s.replayRun);
  const now = useNow(runs.some((r) => !isFinalRunStatus(r.status)));
  return (
    <section className="pv-panel pv-runs" aria-label="Runs">
      <header className="pv-panel__header">
        <h2>Runs</h2>
        {runsStatus === 'loading' && runs.length === 0 ? <span className="pv-muted">loading…</span> : null}
      </header>
      {compact ? null : <ImportDecisionLog />}
      {runs.length === 0 ? (
        <p className="pv-muted">{runsStatus === 'error' ? 'Could not load the runs.' : 'No runs yet.'}</p>
      ) : (
        <ol className="pv-runs__list">
          {runs.map((run) => (
            <li key={run.id}>
              <button
                type="button"
                className="pv-runs__row"
                data-testid="run-row"
                data-run-id={run.id}
                data-status={run.status}
                aria-current={run.id === followedRunId ? 'true' : undefined}
                onClick={() => void openRun(run.id)}
                title={run.error ? `${run.id}: ${run.error}` : run.id}
              >
                <span className="pv-runs__label" data-testid="run-label">
                  {runLabel(run, runs)}
                </span>
                <span className="pv-runs__line pv-muted">
                  <RunStatusChip status={run.status} />
                  <span>{duration(run, now)}</span>
                  <span data-testid="run-todos">
                    todos {run.todos.completed}/{run.todos.total}
                  </span>
                  {run.iteration ? <span>iteration {run.iteration}</span> : null}
                </span>
                {run.parent ? (
                  <span className="pv-runs__line pv-runs__lineage" data-testid="run-lineage">
                    <GitBranch size={12} aria-hidden /> continued from {runRef(run.parent.runId, runs)} at iteration {run.parent.iteration}
                  </span>
                ) : null}
                {run.error ? <span className="pv-runs__line pv-error-text">{run.error}</span> : null}
              </button>
              {isFinalRunStatus(run.status) && (run.provider === 'scripted' || run.provider === 'openai') ? (
                <button
                  type="button"
                  className="pv-icon-button pv-icon-button--small pv-runs__replay"
                  aria-label={`Replay ${runLabel(run, runs)}`}
                  title="Replay: run again reusing every sub-agent result of this run (no model calls for them)"
                  data-testid="replay-run"
                  onClick={() => void replayRun(run.id)}
                >
                  <Repeat size={13} aria-hidden />
                </button>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
