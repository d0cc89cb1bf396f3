import type { Route } from '@planvas/shared';
import type { RailOutput } from '../handles';

/** Handle id of the generic agent's output on a todo_task (predefined routes + generic: docs/formats.md "The todo_task step"). */
export const GENERIC_HANDLE = 'generic';
export const NEXT_HANDLE = 'next';

/**
 * Outputs of a step that delegates to sub-agents, in route order (ELK keeps this order, so route
 * edges leave the node top to bottom / left to right as the routes are listed).
 */
export function delegationOutputs(routes: readonly Route[] | null | undefined, generic: boolean, next: boolean): RailOutput[] {
  const outputs: RailOutput[] = (routes ?? []).map((r) => ({ id: r.route_id, label: r.route_name?.trim() ? r.route_name : r.route_id }));
  if (generic) outputs.push({ id: GENERIC_HANDLE, label: 'Generic agent' });
  if (next) outputs.push({ id: NEXT_HANDLE, label: 'Next' });
  return outputs;
}
