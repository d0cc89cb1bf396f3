import { ACTIVE_STATUSES, STATUS_LABELS } from '../../flow/node-status';
import { nodeRootAttributes, type NodeFrameProps } from './node-frame';
import { NodeHandles } from './node-handles';
import { RunCountBadge } from './run-count-badge';
import { STATUS_ICONS } from './status-badge';

type Props = NodeFrameProps & {
  /** The node's classes (NodeShell's, with `is-compact`). */
  className: string;
  problemCount: number;
  runCount: number;
};

/**
 * A node far out (below COMPACT_ZOOM): one block in its run status' colour (its kind's without a
 * run), its status icon on the corner and its title as large as the block allows (node-compact.css
 * sizes both from the zoom, so they stay readable on screen). Same size and handles as the full
 * node, so the layout and the edges do not move. Everything the block leaves out is in its tooltip.
 */
export function CompactNode(props: Props) {
  const { className, icon: KindIcon, kindLabel, title, number, size, handles, status, statusNote, problemCount, runCount } = props;
  const statusLabel = status ? `${STATUS_LABELS[status]}${statusNote ? ` (${statusNote})` : ''}` : undefined;
  const tooltip = [
    `${kindLabel}${number !== undefined ? ` #${number}` : ''}: ${title}`,
    statusLabel,
    runCount > 1 ? `ran ${runCount} times` : undefined,
    problemCount > 0 ? `${problemCount} problem${problemCount === 1 ? '' : 's'}` : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
  const Icon = status ? STATUS_ICONS[status] : KindIcon;
  return (
    <div className={className} {...nodeRootAttributes(props, true)} title={tooltip}>
      {/* On the corner, mostly outside: far out, every bit of the block is the title's. */}
      <span className="pv-node__compact-icon" data-testid="compact-status" aria-hidden>
        <Icon className={status && ACTIVE_STATUSES.has(status) ? 'pv-spin' : undefined} />
      </span>
      <div className="pv-node__compact">
        <span className="pv-node__compact-title" data-testid="compact-title">
          {title}
        </span>
        {statusLabel && <span className="pv-visually-hidden">{statusLabel}</span>}
      </div>
      {runCount > 1 && (
        <span className="pv-node__compact-count">
          <RunCountBadge count={runCount} />
        </span>
      )}
      <NodeHandles handles={handles} size={size} compact />
    </div>
  );
}
