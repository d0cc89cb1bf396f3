import './run-ui.css';
import type { RunStatus } from '@planvas/shared';
import { runLabel, runRef, shortRunId } from '../store/run-events/run-labels';
import { useRunStore } from './use-run-store';

const STATUS_TEXT: Record<RunStatus, string> = {
  running: 'Running',
  waiting_input: 'Waiting for input',
  paused: 'Paused',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export function RunStatusChip({ status }: { status: RunStatus }) {
  return (
    <span className={`pv-run-status pv-run-status--${status}`} data-testid="run-status" data-status={status}>
      {STATUS_TEXT[status] ?? status}
    </span>
  );
}

/** `12 s`, `3 min 05 s`, `2 h 04 min`. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** A run's label (`#12 · 20:21 · scripted`, store/run-events/run-labels.ts) wherever a component names a run by id. */
export function useRunLabel(runId: string | null): string | null {
  return useRunStore((s) => {
    if (runId === null) return null;
    const run = s.runs.find((r) => r.id === runId) ?? (s.followedRun?.id === runId ? s.followedRun : undefined);
    return run ? runLabel(run, s.runs) : shortRunId(runId);
  });
}

/** `#4` (or the short id of a run the list does not hold): a run named inside a sentence. */
export function useRunRef(runId: string | null): string | null {
  return useRunStore((s) => (runId === null ? null : runRef(runId, s.runs)));
}
