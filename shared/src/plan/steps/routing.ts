import { z } from 'zod';
import { NextStepId, StepBase, optional } from '../common';

export const RoutingRoute = z.looseObject({
  route_id: z.string().min(1, 'route_id must not be empty'),
  route_name: optional(z.string()),
  condition: optional(z.string()),
  next_step_id: NextStepId,
});
export type RoutingRoute = z.infer<typeof RoutingRoute>;

export const RoutingStep = StepBase.extend({
  type: z.literal('routing'),
  routing_question: optional(z.string()),
  routes: optional(z.array(RoutingRoute)),
  default_route_id: optional(z.string()),
  next_step_id: NextStepId,
});
export type RoutingStep = z.infer<typeof RoutingStep>;
