import { z } from 'zod';
import { optional } from '../common';
import { jumpRouteChecks } from './jump-route-checks';
import { jumpRouteFields, jumpRouteFlow, type RoutingRoute } from './jump-routes';
import { kindSchema } from './kind-schema';
import type { StepKindSpec } from './kind-spec';

export const RoutingStep = kindSchema('routing', { routing_question: optional(z.string()), ...jumpRouteFields });
export type RoutingStep = z.infer<typeof RoutingStep>;

export const routingKind: StepKindSpec<RoutingStep, 'routing'> = {
  kind: 'routing',
  label: 'Routing',
  schema: RoutingStep,
  generations: ['seed', 'loop', 'agentworks', 'agent'],
  requiredFields: { loop: ['routing_question'], agentworks: ['routing_question'], agent: ['routing_question'] },
  // Two routes: a routing step's minimum.
  create: ({ common, jumpRoutes }) => ({ type: 'routing', ...common, routing_question: '', routes: jumpRoutes(2) as RoutingRoute[] }),
  ...jumpRouteFlow,
  check: (step, context) => jumpRouteChecks(step, context, { minRoutes: 2 }),
};
