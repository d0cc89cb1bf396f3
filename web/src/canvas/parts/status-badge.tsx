import { CircleCheck, CircleDashed, CirclePause, CircleX, Clock, LoaderCircle, type LucideIcon, OctagonPause } from 'lucide-react';
import { ACTIVE_STATUSES, STATUS_LABELS, type NodeStatus } from '../../flow/node-status';

/** One icon per kind of status: waiting, pending, working (spinning), done, failed, skipped. */
export const STATUS_ICONS: Record<NodeStatus, LucideIcon> = {
  pending: Clock,
  running: LoaderCircle,
  executing: LoaderCircle,
  evaluating: LoaderCircle,
  orchestrating: LoaderCircle,
  waiting: CirclePause,
  paused: OctagonPause,
  completed: CircleCheck,
  failed: CircleX,
  skipped: CircleDashed,
};

/** Statuses said by their icon alone: after a run most nodes carry one of them. */
const QUIET: ReadonlySet<NodeStatus> = new Set(['completed', 'pending', 'skipped']);

/**
 * A node's run status. Completed, pending and skipped say it by their icon alone, as n8n's check
 * mark does: after a run every node would otherwise carry a pill that crowds out the kind's name.
 * So does any status where the header has no room for its label (`iconOnly`). The label with its
 * note ("Waiting (the run waits for your answer)") is the title and what screen readers read.
 */
export function StatusBadge({ status, note, iconOnly = false }: { status: NodeStatus | undefined; note?: string | undefined; iconOnly?: boolean }) {
  if (!status) return null;
  const label = note ? `${STATUS_LABELS[status]} (${note})` : STATUS_LABELS[status];
  const quiet = iconOnly || QUIET.has(status);
  const Icon = STATUS_ICONS[status];
  return (
    <span className={`pv-status pv-status--${status}${quiet ? ' pv-status--icon-only' : ''}`} data-testid="status-badge" title={label}>
      <Icon size={12} aria-hidden className={ACTIVE_STATUSES.has(status) ? 'pv-spin' : undefined} />
      {quiet ? (
        <span className="pv-visually-hidden">{label}</span>
      ) : (
        <>
          {/* The header has room for the status' name; its note is in the title (and read out). */}
          {STATUS_LABELS[status]}
          {note ? <span className="pv-visually-hidden"> ({note})</span> : null}
        </>
      )}
    </span>
  );
}
