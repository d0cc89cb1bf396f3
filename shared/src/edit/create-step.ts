import type { Route } from '../plan/route';
import type { StepKind } from '../plan/step-kinds';
import type { ConditionalStep } from '../plan/steps/conditional';
import type { DecisionStep } from '../plan/steps/decision';
import type { HumanInputStep } from '../plan/steps/human-input';
import type { OrchestrationStep } from '../plan/steps/orchestration';
import type { RegularStep } from '../plan/steps/regular';
import type { RoutingRoute, RoutingStep } from '../plan/steps/routing';
import type { TodoTaskStep } from '../plan/steps/todo-task';
import { slugify, stepIdFromTitle, uniqueId, uniqueRouteId } from './ids';

export interface StepOfKind {
  regular: RegularStep;
  todo_task: TodoTaskStep;
  orchestration: OrchestrationStep;
  routing: RoutingStep;
  conditional: ConditionalStep;
  decision: DecisionStep;
  human_input: HumanInputStep;
}

/** Palette labels, also the default title of a new step. */
export const STEP_KIND_LABELS = {
  regular: 'Step',
  todo_task: 'Todo Task',
  orchestration: 'Orchestration',
  routing: 'Routing',
  conditional: 'Conditional',
  decision: 'Decision',
  human_input: 'Human Input',
} as const satisfies Record<StepKind, string>;

export interface CreateStepOptions {
  /** Defaults to the kind's label. The id is derived from it: `Fetch Data` -> `fetch-data`. */
  title?: string;
  /** Ids the new step and its sub-agents must avoid: every id of the plan (see `stepIdsOf`). */
  existingIds?: Iterable<string>;
}

/**
 * A new step of `kind` with the fields a user fills in next, in the key order real plans use.
 * A todo_task starts with one predefined route and the generic agent off (seed 001: it must have
 * something to delegate to); orchestration with two routes; routing with two routes (its minimum).
 */
export function createStep<K extends StepKind>(kind: K, options: CreateStepOptions = {}): StepOfKind[K] {
  const taken = new Set(options.existingIds ?? []);
  const title = options.title?.trim() || STEP_KIND_LABELS[kind];
  const id = stepIdFromTitle(title, taken, slugify(STEP_KIND_LABELS[kind]));
  taken.add(id);
  const common = { id, title, description: '', success_criteria: '', context_dependencies: [] as string[], context_output: '' };
  const routes = (count: number) => {
    const out: Route[] = [];
    for (let i = 0; i < count; i++) out.push(newDelegationRoute(id, out.map((r) => r.route_id), taken));
    return out;
  };
  const step = ((): StepOfKind[StepKind] => {
    switch (kind) {
      case 'regular':
        return { type: 'regular', ...common, has_loop: false, loop_condition: '' };
      case 'todo_task':
        return { type: 'todo_task', ...common, predefined_routes: routes(1), enable_generic_agent: false };
      case 'orchestration':
        return { type: 'orchestration', ...common, orchestration_step: { description: '', success_criteria: '' }, orchestration_routes: routes(2) };
      case 'routing': {
        const first = newRoutingRoute([]);
        return { type: 'routing', ...common, routing_question: '', routes: [first, newRoutingRoute([first.route_id])] };
      }
      case 'conditional':
        return { type: 'conditional', ...common, condition_question: '', if_true_steps: [], if_false_steps: [] };
      case 'decision':
        return { type: 'decision', ...common, decision_evaluation_question: '' };
      case 'human_input':
        return { type: 'human_input', ...common, question: '', variable_name: id.replace(/-/g, '_'), response_type: 'text' };
      default:
        throw new Error(`unknown step kind ${String(kind)}`);
    }
  })();
  return step as StepOfKind[K];
}

/** `Route 3` / `route-3`, the first number whose route id is free in the step. */
function nextRouteName(takenRouteIds: Iterable<string>): { routeId: string; routeName: string } {
  const taken = new Set(takenRouteIds);
  let n = taken.size + 1;
  while (taken.has(`route-${n}`)) n++;
  return { routeId: uniqueRouteId(`route-${n}`, taken), routeName: `Route ${n}` };
}

export interface NewRouteOptions {
  routeName?: string;
  /** Defaults to the slug of the name, made unique within the step. */
  routeId?: string;
  condition?: string;
}

/**
 * A todo_task / orchestration route with a regular sub-agent step. `takenStepIds` is updated with
 * the sub-agent's id so several routes made in a row get distinct ids.
 */
export function newDelegationRoute(parentId: string, takenRouteIds: Iterable<string>, takenStepIds: Set<string>, options: NewRouteOptions = {}): Route {
  const { routeId, routeName } = routeNaming(takenRouteIds, options);
  const subId = uniqueId(`${parentId}-${routeId}`, takenStepIds);
  takenStepIds.add(subId);
  return {
    route_id: routeId,
    route_name: routeName,
    condition: options.condition ?? '',
    sub_agent_step: { type: 'regular', id: subId, title: `${routeName} Agent`, description: '', success_criteria: '', context_dependencies: [], context_output: '' },
  };
}

/** A routing step's route; its target is set by connecting it (until then it falls through). */
export function newRoutingRoute(takenRouteIds: Iterable<string>, options: NewRouteOptions = {}): RoutingRoute {
  const { routeId, routeName } = routeNaming(takenRouteIds, options);
  return { route_id: routeId, route_name: routeName, condition: options.condition ?? '' };
}

function routeNaming(takenRouteIds: Iterable<string>, options: NewRouteOptions): { routeId: string; routeName: string } {
  const taken = new Set(takenRouteIds);
  if (options.routeId !== undefined) return { routeId: options.routeId, routeName: options.routeName ?? options.routeId };
  if (options.routeName?.trim()) {
    const routeName = options.routeName.trim();
    return { routeId: uniqueRouteId(slugify(routeName) || 'route', taken), routeName };
  }
  return nextRouteName(taken);
}
