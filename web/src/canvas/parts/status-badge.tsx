import { CircleCheck, CircleX, Clock, LoaderCircle } from 'lucide-react';
import { ACTIVE_STATUSES, STATUS_LABELS, type NodeStatus } from '../node-status';

/**
 * A node's run status. Completed and pending say it by their icon alone, as n8n's check mark does:
 * after a run every node would otherwise carry a pill that crowds out the kind's name. So does any
 * status where the header has no room for its label (`iconOnly`). The label stays in the title
 * and for screen readers.
 */
export function StatusBadge({ status, iconOnly = false }: { status: NodeStatus | undefined; iconOnly?: boolean }) {
  if (!status) return null;
  const quiet = iconOnly || status === 'completed' || status === 'pending';
  const Icon = status === 'completed' ? CircleCheck : status === 'failed' ? CircleX : ACTIVE_STATUSES.has(status) ? LoaderCircle : Clock;
  return (
    <span className={`pv-status pv-status--${status}${quiet ? ' pv-status--icon-only' : ''}`} data-testid="status-badge" title={STATUS_LABELS[status]}>
      <Icon size={12} aria-hidden className={ACTIVE_STATUSES.has(status) ? 'pv-spin' : undefined} />
      <span className={quiet ? 'pv-visually-hidden' : undefined}>{STATUS_LABELS[status]}</span>
    </span>
  );
}
