import { z } from 'zod';
import { optional } from './common';
import { SubAgentStep } from './step';

const RouteBase = z.looseObject({
  route_id: z.string().min(1, 'route_id must not be empty'),
  route_name: optional(z.string()),
  condition: optional(z.string()),
  // Shape varies between runtimes (string, list, object); kept as written. The newest writers drop it.
  context_to_pass: optional(z.unknown()),
  /** Newer generations: the id of a shared step in `orphan_steps`, instead of an inline sub-agent step. */
  orphan_step_ref: optional(z.string()),
});

/** A delegating step's route: runs a private sub-agent step, or a shared orphan step by reference. */
export type Route = z.infer<typeof RouteBase> & { sub_agent_step?: SubAgentStep | null };
export const Route: z.ZodType<Route> = RouteBase.extend({
  sub_agent_step: optional(z.lazy(() => SubAgentStep)),
});
