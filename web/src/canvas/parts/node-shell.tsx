import type { ReactNode } from 'react';
import type { Problem } from '@planvas/shared';
import { railTop } from '../../flow/handles';
import type { ExecutionModeBadge } from '../../flow/execution-mode';
import { useCompactNodes } from '../zoom-levels';
import { BreakpointMarker, useNodeBreakpoints } from './breakpoint-marker';
import { CompactNode } from './compact-node';
import { ExecutionModeChip } from './execution-mode-chip';
import { nodeRootAttributes, type NodeFrameProps } from './node-frame';
import { NodeHandles } from './node-handles';
import { ProblemsBadge } from './problems-badge';
import { RunCountBadge, useRunCount } from './run-count-badge';
import { StatusBadge } from './status-badge';

/** Height of the node header (nodes.css agrees). */
export const HEADER_HEIGHT = 34;

export type NodeShellProps = NodeFrameProps & {
  problems?: readonly Problem[];
  className?: string;
  /** Extra header items (before the status badge). */
  headerExtra?: ReactNode;
  /** The header has no room for the status' label: its icon alone (see StatusBadge). */
  statusIconOnly?: boolean;
  /** The mode the step's step_config entry declares. */
  executionMode?: ExecutionModeBadge | undefined;
  children?: ReactNode;
};

/**
 * The frame every step node shares: header with kind icon, label, number, status and problems,
 * then the kind's own body, then its handles. `data-status` is a stable hook for tests and tools.
 */
export function NodeShell(props: NodeShellProps) {
  const {
    kind,
    icon: Icon,
    kindLabel,
    number,
    size,
    handles,
    status,
    statusNote,
    problems = [],
    className,
    headerExtra,
    statusIconOnly = false,
    executionMode,
    children,
  } = props;
  const compact = useCompactNodes();
  const runCount = useRunCount();
  const breakpoints = useNodeBreakpoints();
  const classes = [
    'pv-node',
    `pv-node--${kind}`,
    status ? `is-${status}` : '',
    problems.some((p) => p.severity !== 'info') ? 'has-problems' : '',
    compact ? 'is-compact' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  if (compact) {
    // A handful of elements instead of dozens: far out, a big plan renders thousands.
    return <CompactNode {...props} className={classes} problemCount={problems.length} runCount={runCount} />;
  }
  return (
    <div className={classes} {...nodeRootAttributes(props, false)}>
      <header className="pv-node__header">
        <span className="pv-node__icon" aria-hidden>
          <Icon size={14} strokeWidth={2.2} />
        </span>
        <span className="pv-node__kind" title={kindLabel}>
          {kindLabel}
        </span>
        {number !== undefined && <span className="pv-node__number">#{number}</span>}
        <span className="pv-node__spacer" />
        {executionMode && <ExecutionModeChip mode={executionMode} />}
        {headerExtra}
        <BreakpointMarker breakpoints={breakpoints} />
        <RunCountBadge count={runCount} />
        <StatusBadge status={status} note={statusNote} iconOnly={statusIconOnly} />
        <ProblemsBadge problems={problems} />
      </header>
      <div className="pv-node__body" style={{ height: railTop(handles, size) - HEADER_HEIGHT }}>
        {children}
      </div>
      <NodeHandles handles={handles} size={size} />
    </div>
  );
}
