import { useMemo, useState } from 'react';
import { ChevronDown, ChevronRight } from 'lucide-react';
import type { PlanvasEvent, RunSummary } from '@planvas/shared';
import { useRunStore } from '../runs/use-run-store';
import { RunStatusChip, useRunLabel } from '../runs/run-format';
import { runLabel } from '../store/run-events/run-labels';
import { IterationTimeline } from './iteration-timeline';
import { groupingFor, NO_FILTERS } from './log-model';

const NO_EVENTS: PlanvasEvent[] = [];

/**
 * Earlier runs of the same workflow, each expandable into the same timeline for the same step.
 * A run's events are fetched only when it is expanded.
 */
export function PreviousRuns({ runs, stepId }: { runs: ReadonlyArray<RunSummary>; stepId: string | null }) {
  if (runs.length === 0) return <p className="pv-muted pv-logs__empty">No earlier runs of this workflow.</p>;
  return (
    <ul className="pv-previous-runs" aria-label="Previous runs">
      {runs.map((run) => (
        <PreviousRun key={run.id} run={run} stepId={stepId} />
      ))}
    </ul>
  );
}

function PreviousRun({ run, stepId }: { run: RunSummary; stepId: string | null }) {
  const [open, setOpen] = useState(false);
  const load = useRunStore((s) => s.loadOtherRunEvents);
  const label = useRunStore((s) => runLabel(run, s.runs));
  return (
    <li className="pv-previous-run" data-testid="previous-run" data-run-id={run.id}>
      <button
        type="button"
        className="pv-previous-run__toggle"
        aria-expanded={open}
        onClick={() => {
          if (!open) void load(run.id);
          setOpen(!open);
        }}
      >
        {open ? <ChevronDown size={14} aria-hidden /> : <ChevronRight size={14} aria-hidden />}
        <span data-testid="run-label" title={run.id}>
          {label}
        </span>
        <RunStatusChip status={run.status} />
        <span className="pv-muted">
          todos {run.todos.completed}/{run.todos.total}
        </span>
      </button>
      {open ? <PreviousRunTimeline runId={run.id} stepId={stepId} /> : null}
    </li>
  );
}

function PreviousRunTimeline({ runId, stepId }: { runId: string; stepId: string | null }) {
  const label = useRunLabel(runId);
  const loaded = useRunStore((s) => s.otherRunEvents[runId]);
  const grouping = useMemo(() => groupingFor(loaded?.events ?? NO_EVENTS, stepId), [loaded?.events, stepId]);
  if (!loaded || loaded.status === 'loading') return <p className="pv-muted">Loading…</p>;
  if (loaded.status === 'error') return <p className="pv-error-text">Could not load this run: {loaded.error}</p>;
  if (grouping.groups.length === 0 && grouping.completions.length === 0) {
    return <p className="pv-muted">This run has no logs for this step.</p>;
  }
  return <IterationTimeline grouping={grouping} filters={NO_FILTERS} live={false} label={`Iterations of run ${label}`} className="pv-timeline--nested" />;
}
