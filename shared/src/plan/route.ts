import { z } from 'zod';
import { optional } from './common';
import { SubAgentStep } from './step';

const RouteBase = z.looseObject({
  route_id: z.string().min(1, 'route_id must not be empty'),
  route_name: optional(z.string()),
  condition: optional(z.string()),
  // Shape varies between runtimes (string, list, object); kept as written.
  context_to_pass: optional(z.unknown()),
});

/** A todo_task or orchestration route: delegates to a private sub-agent step. */
export type Route = z.infer<typeof RouteBase> & { sub_agent_step?: SubAgentStep | null };
export const Route: z.ZodType<Route> = RouteBase.extend({
  sub_agent_step: optional(z.lazy(() => SubAgentStep)),
});
