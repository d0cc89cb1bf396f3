import { CircleCheck, CircleX, Clock, LoaderCircle } from 'lucide-react';
import { ACTIVE_STATUSES, STATUS_LABELS, type NodeStatus } from '../node-status';

export function StatusBadge({ status }: { status: NodeStatus | undefined }) {
  if (!status) return null;
  const Icon = status === 'completed' ? CircleCheck : status === 'failed' ? CircleX : ACTIVE_STATUSES.has(status) ? LoaderCircle : Clock;
  return (
    <span className={`pv-status pv-status--${status}`} data-testid="status-badge" title={STATUS_LABELS[status]}>
      <Icon size={12} aria-hidden className={ACTIVE_STATUSES.has(status) ? 'pv-spin' : undefined} />
      {STATUS_LABELS[status]}
    </span>
  );
}
