import type { Breakpoint } from '@planvas/shared';

export type { Breakpoint };

/** The same breakpoint: kind, step, route and match alike (a toggle removes it). */
export function sameBreakpoint(a: Breakpoint, b: Breakpoint): boolean {
  return a.on === b.on && a.stepId === b.stepId && a.routeId === b.routeId && a.match === b.match;
}

/** The breakpoints that stop at step `stepId` (those for every step included), for its node's marker. */
export function breakpointsAt(breakpoints: ReadonlyArray<Breakpoint>, stepId: string): Breakpoint[] {
  return breakpoints.filter((b) => b.stepId === undefined || b.stepId === stepId);
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
