import { CircleCheck, CircleX, Clock, LoaderCircle } from 'lucide-react';
import { ACTIVE_STATUSES, STATUS_LABELS, type NodeStatus } from '../../flow/node-status';

/**
 * A node's run status. Completed and pending say it by their icon alone, as n8n's check mark does:
 * after a run every node would otherwise carry a pill that crowds out the kind's name. So does any
 * status where the header has no room for its label (`iconOnly`). The label stays in the title
 * and for screen readers.
 */
export function StatusBadge({ status, note, iconOnly = false }: { status: NodeStatus | undefined; note?: string | undefined; iconOnly?: boolean }) {
  if (!status) return null;
  const label = note ? `${STATUS_LABELS[status]} (${note})` : STATUS_LABELS[status];
  const quiet = iconOnly || status === 'completed' || status === 'pending';
  const Icon = status === 'completed' ? CircleCheck : status === 'failed' ? CircleX : ACTIVE_STATUSES.has(status) ? LoaderCircle : Clock;
  return (
    <span className={`pv-status pv-status--${status}${quiet ? ' pv-status--icon-only' : ''}`} data-testid="status-badge" title={label}>
      <Icon size={12} aria-hidden className={ACTIVE_STATUSES.has(status) ? 'pv-spin' : undefined} />
      <span className={quiet ? 'pv-visually-hidden' : undefined}>{label}</span>
    </span>
  );
}
