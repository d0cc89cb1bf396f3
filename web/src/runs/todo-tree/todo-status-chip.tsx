import { normalizeTodoStatus } from '@planvas/shared';

/**
 * A todo's status as written (the seed system's four, the richer set, or a runtime's own), coloured
 * by the bucket it counts in (docs/formats.md "Todo statuses"), so `delegated` and `in_progress` read alike.
 */
export function TodoStatusChip({ status }: { status: string }) {
  const group = normalizeTodoStatus(status);
  return (
    <span
      className={`pv-todo-chip pv-todo-chip--${group}`}
      data-status={status}
      title={group === status ? status : `${status} (counts as ${group.replace('_', ' ')})`}
    >
      {status.replace(/_/g, ' ') || 'open'}
    </span>
  );
}
