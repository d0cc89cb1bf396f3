import { z } from 'zod';
import { NextStepId, optional } from '../common';
import { nextTarget, nonEmpty, type FlowOutput, type TargetField } from './kind-spec';

/** A route of a routing or branch step: it names the next step when its condition holds. */
export const RoutingRoute = z.looseObject({
  route_id: z.string().min(1, 'route_id must not be empty'),
  route_name: optional(z.string()),
  condition: optional(z.string()),
  next_step_id: NextStepId,
});
export type RoutingRoute = z.infer<typeof RoutingRoute>;

/** The fields routing and branch steps share, in their order in real plans. */
export const jumpRouteFields = {
  routes: optional(z.array(RoutingRoute)),
  default_route_id: optional(z.string()),
  route_source_file: optional(z.string()),
};

/** The routes and flow of a kind whose routes name the next step (routing, branch). */
export const jumpRouteFlow = {
  routes: { field: 'routes', delegating: false } as const,
  outputs: (step: { routes?: ReadonlyArray<RoutingRoute> | null }): FlowOutput[] => jumpRouteOutputs(step.routes),
  targets: (step: { routes?: ReadonlyArray<RoutingRoute> | null; next_step_id?: string | null }): TargetField[] => [
    ...nextTarget(step),
    ...jumpRouteTargets(step.routes),
  ],
};

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
