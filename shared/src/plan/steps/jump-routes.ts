import { z } from 'zod';
import { NextStepId, optional } from '../common';
import { nonEmpty, type FlowOutput, type TargetField } from './kind-spec';

/** A route of a routing or branch step: it names the next step when its condition holds. */
export const RoutingRoute = z.looseObject({
  route_id: z.string().min(1, 'route_id must not be empty'),
  route_name: optional(z.string()),
  condition: optional(z.string()),
  next_step_id: NextStepId,
});
export type RoutingRoute = z.infer<typeof RoutingRoute>;

/** One output per route (handle = route id); a step without routes just goes on. */
export function jumpRouteOutputs(routes: ReadonlyArray<RoutingRoute> | null | undefined): FlowOutput[] {
  const list = routes ?? [];
  if (list.length === 0) return [{ kind: 'next', handle: 'next' }];
  return list.map((route, r) => {
    const target = nonEmpty(route.next_step_id);
    return {
      kind: 'route',
      handle: route.route_id,
      ...(target !== undefined ? { target } : {}),
      field: ['routes', r, 'next_step_id'],
      label: route.route_name ?? route.route_id,
    };
  });
}

export function jumpRouteTargets(routes: ReadonlyArray<RoutingRoute> | null | undefined): TargetField[] {
  const out: TargetField[] = [];
  (routes ?? []).forEach((route, r) => {
    const target = nonEmpty(route.next_step_id);
    if (target !== undefined) out.push({ field: ['routes', r, 'next_step_id'], target });
  });
  return out;
}
