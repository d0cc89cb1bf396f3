import './run-ui.css';
import type { RunStatus } from '@planvas/shared';

const STATUS_TEXT: Record<RunStatus, string> = {
  running: 'Running',
  waiting_input: 'Waiting for input',
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

/** Local date and time, to the second: runs of one session are seconds apart. */
export function formatRunStart(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });
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

export function shortRunId(id: string): string {
  return id.length > 12 ? id.slice(-8) : id;
}
