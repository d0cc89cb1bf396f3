import { useNodeId } from '@xyflow/react';
import { CircleDot } from 'lucide-react';
import { breakpointLabel, breakpointsOfNode, type Breakpoint } from '../../flow/breakpoints';
import { useAppStore } from '../../store/store-context';

/**
 * The breakpoints set on the node this is rendered in: a todo_task step's own (set from its menu),
 * or for a route's sub-agent, "before delegating" to that route (flow/breakpoints.ts). The same
 * array while nothing changes for the node, so setting one re-renders only its node.
 */
export function useNodeBreakpoints(): Breakpoint[] {
  const id = useNodeId();
  return useAppStore((s) => (id !== null && s.document?.plan ? breakpointsOfNode(s.document.plan, s.breakpoints, id) : NONE));
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
