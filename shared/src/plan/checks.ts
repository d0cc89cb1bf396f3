import { formatJsonPath } from '../errors';
import { END } from './common';
import { buildFlow, optionIndexForKey, targetFields } from './flow';
import type { Plan } from './plan';
import type { Problem } from './problems';
import { asKnownStep } from './step';
import { walkSteps, type PathSegment } from './walk';

/**
 * Graph checks of a plan. They never block saving a half-edited workflow; they are reported so the
 * canvas can mark the offending node and field.
 */
export function checkPlan(plan: Plan): Problem[] {
  const problems: Problem[] = [];
  const at = (path: PathSegment[]) => formatJsonPath(path);

  const seen = new Map<string, string>();
  const subAgentIds = new Set<string>();
  for (const visit of walkSteps(plan)) {
    const { step, path } = visit;
    if (visit.scope === 'sub_agent') subAgentIds.add(step.id);
    const first = seen.get(step.id);
    if (first !== undefined) {
      problems.push({ code: 'duplicate_step_id', severity: 'error', path: at([...path, 'id']), stepId: step.id, message: `step id "${step.id}" is already used at ${first}` });
    } else {
      seen.set(step.id, at(path));
    }
    const known = asKnownStep(step);
    if (known?.type === 'routing') {
      const routes = known.routes ?? [];
      if (routes.length < 2) {
        problems.push({ code: 'routing_too_few_routes', severity: 'error', path: at([...path, 'routes']), stepId: step.id, message: `routing step "${step.id}" needs at least 2 routes (has ${routes.length})` });
      }
      const defaultRoute = known.default_route_id;
      if (defaultRoute && !routes.some((r) => r.route_id === defaultRoute)) {
        problems.push({ code: 'unknown_default_route', severity: 'error', path: at([...path, 'default_route_id']), stepId: step.id, message: `default_route_id "${defaultRoute}" names no route of "${step.id}"` });
      }
    }
    if (known?.type === 'todo_task' && (known.predefined_routes ?? []).length === 0 && !known.enable_generic_agent) {
      problems.push({ code: 'todo_task_no_agents', severity: 'error', path: at([...path, 'predefined_routes']), stepId: step.id, message: `todo_task "${step.id}" has no predefined routes and the generic agent is off: nothing can do its todos` });
    }
    if (known?.type === 'human_input' && known.option_routes) {
      const options = known.options ?? [];
      for (const key of Object.keys(known.option_routes)) {
        if (optionIndexForKey(key, options) === undefined) {
          problems.push({ code: 'unknown_option_route', severity: 'error', path: at([...path, 'option_routes', key]), stepId: step.id, message: `option route "${key}" names no option of "${step.id}" (options: ${options.map((o, i) => `${i} "${o}"`).join(', ') || 'none'})` });
        }
      }
    }
  }

  const flow = buildFlow(plan);
  for (const node of flow.nodes.values()) {
    for (const { field, target } of targetFields(node.step, node.path)) {
      if (target === END || flow.nodes.has(target)) continue;
      const isSubAgent = subAgentIds.has(target);
      problems.push({
        code: isSubAgent ? 'sub_agent_target' : 'unknown_target',
        severity: 'error',
        path: at(field),
        stepId: node.step.id,
        message: isSubAgent
          ? `"${node.step.id}" jumps to "${target}", a sub-agent step, which only its parent can run`
          : `"${node.step.id}" jumps to "${target}", which names no step (use a step id or "end")`,
      });
    }
  }

  const successors = new Map<string, string[]>();
  for (const edge of flow.edges) successors.set(edge.source, [...(successors.get(edge.source) ?? []), edge.target]);
  const reachable = new Set<string>();
  const queue = flow.entry !== undefined ? [flow.entry] : [];
  while (queue.length > 0) {
    const id = queue.pop() as string;
    if (reachable.has(id) || !flow.nodes.has(id)) continue;
    reachable.add(id);
    queue.push(...(successors.get(id) ?? []));
  }
  for (const [id, node] of flow.nodes) {
    if (!reachable.has(id)) {
      problems.push({ code: 'unreachable_step', severity: 'warning', path: at(node.path), stepId: id, message: `step "${id}" is never reached from the first step` });
    }
  }
  return problems;
}
