import { useNodeId } from '@xyflow/react';
import { CircleDot } from 'lucide-react';
import { useShallow } from 'zustand/shallow';
import { breakpointLabel, type Breakpoint } from '../../flow/breakpoints';
import { nodeTargetOf } from '../../flow/node-targets';
import { useAppStore } from '../../store/store-context';

/**
 * The breakpoints set on the node this is rendered in: a todo_task step's own (set from its menu),
 * or for a route's sub-agent, "before delegating" to that route. Read per node, so setting one
 * re-renders only its node.
 */
export function useNodeBreakpoints(): Breakpoint[] {
  const id = useNodeId();
  return useAppStore(
    useShallow((s) => {
      const plan = s.document?.plan;
      if (id === null || !plan || s.breakpoints.length === 0) return NONE;
      const target = nodeTargetOf(plan, id);
      if (target?.kind === 'step') return s.breakpoints.filter((b) => b.stepId === target.stepId);
      if (target?.kind === 'sub_agent')
        return s.breakpoints.filter((b) => b.on === 'before_delegate' && b.stepId === target.parentStepId && b.routeId === target.routeId);
      return NONE;
    }),
  );
}
const NONE: Breakpoint[] = [];

/** A red dot in the node's header while it has breakpoints; its tooltip lists them. */
export function BreakpointMarker({ breakpoints }: { breakpoints: ReadonlyArray<Breakpoint> }) {
  if (breakpoints.length === 0) return null;
  const label = `Breakpoints: ${breakpoints.map(breakpointLabel).join('; ')}`;
  return (
    <span className="pv-breakpoint-marker" data-testid="breakpoint-marker" data-count={breakpoints.length} title={label} aria-label={label} role="img">
      <CircleDot size={12} aria-hidden />
    </span>
  );
}
