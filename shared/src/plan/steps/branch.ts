import { z } from 'zod';
import { optional } from '../common';
import { jumpRouteChecks } from './jump-route-checks';
import { jumpRouteFields, jumpRouteFlow, type RoutingRoute } from './jump-routes';
import { kindSchema } from './kind-schema';
import type { StepKindSpec } from './kind-spec';

/**
 * agentworks' branch: like routing, but it can also pick its route from a value instead of asking
 * an LLM: `value_path` into `route_source_file` (or `route_source`), matched against `value_cases`
 * (value -> route id), else `default_route_id`.
 */
export const BranchStep = kindSchema('branch', {
  branch_question: optional(z.string()),
  ...jumpRouteFields,
  route_source: optional(z.unknown()),
  value_path: optional(z.string()),
  value_cases: optional(z.record(z.string(), z.string())),
});
export type BranchStep = z.infer<typeof BranchStep>;

export const branchKind: StepKindSpec<BranchStep, 'branch'> = {
  kind: 'branch',
  label: 'Branch',
  schema: BranchStep,
  generations: ['agentworks', 'agent'],
  requiredFields: { agentworks: ['branch_question'], agent: ['branch_question'] },
  create: ({ common, jumpRoutes }) => {
    const routes = jumpRoutes(2) as RoutingRoute[];
    return { type: 'branch', ...common, branch_question: '', routes, default_route_id: routes[0]?.route_id ?? '' };
  },
  ...jumpRouteFlow,
  check: (step, context) => jumpRouteChecks(step, context, { minRoutes: 2, valueCases: step.value_cases }),
};
