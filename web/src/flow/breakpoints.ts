import type { Breakpoint, Plan } from '@planvas/shared';
import { nodeTargetsOf } from './node-targets';

export type { Breakpoint };

/** The same breakpoint: kind, step, route and match alike (a toggle removes it). */
export function sameBreakpoint(a: Breakpoint, b: Breakpoint): boolean {
  return a.on === b.on && a.stepId === b.stepId && a.routeId === b.routeId && a.match === b.match;
}

/** Words for a breakpoint, as the menu and the marker's tooltip say it. */
export function breakpointLabel(b: Breakpoint): string {
  switch (b.on) {
    case 'before_turn':
      return "before each orchestrator's turn";
    case 'before_delegate':
      return b.routeId ? `before delegating to ${b.routeId}` : 'before each delegation';
    case 'todo_created':
      return b.match ? `when a todo containing “${b.match}” is created` : 'when a todo is created';
    case 'validation_failed':
      return 'when validation fails';
    case 'budget':
      return 'when the budget is used up';
  }
}

const NONE: Breakpoint[] = [];
// Per breakpoints list, per plan: every node's markers, built once. Read by every node on each
// store change during a run, so one walk of the flow instead of one per node per change.
const byNodeCache = new WeakMap<ReadonlyArray<Breakpoint>, WeakMap<Plan, ReadonlyMap<string, Breakpoint[]>>>();

/**
 * The breakpoints each node shows: a step's own (set from its menu), and for a route's sub-agent
 * "before delegating" to that route.
 */
export function breakpointsOfNode(plan: Plan, breakpoints: ReadonlyArray<Breakpoint>, nodeId: string): Breakpoint[] {
  if (breakpoints.length === 0) return NONE;
  let byPlan = byNodeCache.get(breakpoints);
  if (!byPlan) byNodeCache.set(breakpoints, (byPlan = new WeakMap()));
  let byNode = byPlan.get(plan);
  if (!byNode) byPlan.set(plan, (byNode = nodeBreakpoints(plan, breakpoints)));
  return byNode.get(nodeId) ?? NONE;
}

function nodeBreakpoints(plan: Plan, breakpoints: ReadonlyArray<Breakpoint>): ReadonlyMap<string, Breakpoint[]> {
  const byNode = new Map<string, Breakpoint[]>();
  for (const [nodeId, target] of nodeTargetsOf(plan)) {
    const marks =
      target.kind === 'step'
        ? breakpoints.filter((b) => b.stepId === target.stepId)
        : target.kind === 'sub_agent'
          ? breakpoints.filter((b) => b.on === 'before_delegate' && b.stepId === target.parentStepId && b.routeId === target.routeId)
          : NONE;
    if (marks.length > 0) byNode.set(nodeId, marks);
  }
  return byNode;
}
