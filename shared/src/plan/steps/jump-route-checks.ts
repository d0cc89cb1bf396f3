import { generationTraits } from '../generations';
import type { Problem } from '../problems';
import type { RoutingRoute } from './jump-routes';
import type { CheckContext } from './kind-spec';

/**
 * Routing and branch routes (one validator for both in agentworks): enough of them, unique route
 * ids, a target each, a default route and value cases that name one of them.
 */
export function jumpRouteChecks(
  step: { id: string; routes?: ReadonlyArray<RoutingRoute> | null; default_route_id?: string | null },
  context: CheckContext,
  options: { minRoutes: number; valueCases?: Readonly<Record<string, string>> | null },
): Problem[] {
  const problems: Problem[] = [];
  const routes = step.routes ?? [];
  if (routes.length < options.minRoutes) {
    problems.push({
      code: 'routing_too_few_routes',
      severity: 'error',
      path: context.at(['routes']),
      stepId: step.id,
      message: `"${step.id}" needs at least ${options.minRoutes} route${options.minRoutes === 1 ? '' : 's'} (has ${routes.length})`,
    });
  }
  const ids = new Set<string>();
  const strict = generationTraits(context.generation).graphChecks;
  routes.forEach((route, r) => {
    // coding-agent-loop and agentworks (validateRoutingStepTyped) want every route to name its target.
    if (strict && (route.next_step_id == null || route.next_step_id.trim() === '')) {
      problems.push({
        code: 'route_without_target',
        severity: 'error',
        path: context.at(['routes', r, 'next_step_id']),
        stepId: step.id,
        message: `route "${route.route_id}" of "${step.id}" names no next step; connect it (or set "end")`,
      });
    }
    if (ids.has(route.route_id)) {
      problems.push({
        code: 'duplicate_route_id',
        severity: 'error',
        path: context.at(['routes', r, 'route_id']),
        stepId: step.id,
        message: `route id "${route.route_id}" is used twice in "${step.id}"`,
      });
    }
    ids.add(route.route_id);
  });
  const defaultRoute = step.default_route_id;
  if (defaultRoute && !ids.has(defaultRoute)) {
    problems.push({
      code: 'unknown_default_route',
      severity: 'error',
      path: context.at(['default_route_id']),
      stepId: step.id,
      message: `default_route_id "${defaultRoute}" names no route of "${step.id}"`,
    });
  }
  // Checked by the runtime, not the loader (resolveRouteSelectionValue): a case names a route id, or
  // the next_step_id of exactly one route. Hence a warning: the file loads, the run fails there.
  for (const [value, choice] of Object.entries(options.valueCases ?? {})) {
    if (ids.has(choice) || routes.filter((route) => route.next_step_id === choice).length === 1) continue;
    problems.push({
      code: 'unknown_case_route',
      severity: 'warning',
      path: context.at(['value_cases', value]),
      stepId: step.id,
      message: `value case "${value}" of "${step.id}" picks "${choice}", which is neither a route id nor the target of exactly one route`,
    });
  }
  return problems;
}
