import { z } from 'zod';
import { NextStepId, StepBase, optional } from '../common';
import { jumpRouteChecks } from './jump-route-checks';
import { RoutingRoute, jumpRouteOutputs, jumpRouteTargets } from './jump-routes';
import { nextTarget, type StepKindSpec } from './kind-spec';

export const RoutingStep = StepBase.extend({
  type: z.literal('routing'),
  routing_question: optional(z.string()),
  routes: optional(z.array(RoutingRoute)),
  default_route_id: optional(z.string()),
  route_source_file: optional(z.string()),
  next_step_id: NextStepId,
});
export type RoutingStep = z.infer<typeof RoutingStep>;

export const routingKind: StepKindSpec<RoutingStep, 'routing'> = {
  kind: 'routing',
  label: 'Routing',
  schema: RoutingStep,
  generations: ['seed', 'loop', 'agentworks', 'agent'],
  requiredFields: { loop: ['routing_question'], agentworks: ['routing_question'], agent: ['routing_question'] },
  routes: { field: 'routes', delegating: false },
  // Two routes: a routing step's minimum.
  create: ({ common, jumpRoutes }) => ({ type: 'routing', ...common, routing_question: '', routes: jumpRoutes(2) as RoutingRoute[] }),
  outputs: (step) => jumpRouteOutputs(step.routes),
  targets: (step) => [...nextTarget(step), ...jumpRouteTargets(step.routes)],
  check: (step, context) => jumpRouteChecks(step, context, { minRoutes: 2 }),
};
