import { generationTraits, type Generation } from '../plan/generations';
import type { Route } from '../plan/step';
import type { StepKind } from '../plan/step-kind-names';
import { STEP_KINDS, STEP_KIND_LABELS, type StepOfKind } from '../plan/step-kinds';
import type { RoutingRoute } from '../plan/steps/jump-routes';
import { slugify, stepIdFromTitle, uniqueId, uniqueRouteId } from './ids';

export interface CreateStepOptions {
  /** Defaults to the kind's label. The id is derived from it: `Fetch Data` -> `fetch-data`. */
  title?: string;
  /** Ids the new step and its sub-agents must avoid: every id of the plan (see `stepIdsOf`). */
  existingIds?: Iterable<string>;
  /** The file's generation (its rules shape the new routes); default: the first that has the kind. */
  generation?: Generation;
}

/**
 * A new step of `kind` with the fields a user fills in next, in the key order real plans use; each
 * kind's module says what they are (`create`).
 */
export function createStep<K extends StepKind>(kind: K, options: CreateStepOptions = {}): StepOfKind[K] {
  const taken = new Set(options.existingIds ?? []);
  const title = options.title?.trim() || STEP_KIND_LABELS[kind];
  const id = stepIdFromTitle(title, taken, slugify(STEP_KIND_LABELS[kind]));
  taken.add(id);
  const common = { id, title, description: '', success_criteria: '', context_dependencies: [] as string[], context_output: '' };
  const generation = options.generation ?? STEP_KINDS[kind].generations[0] ?? 'seed';
  const subAgentIdIsRouteId = generationTraits(generation).subAgentIdIsRouteId;
  const delegationRoutes = (count: number) => {
    const out: Route[] = [];
    for (let i = 0; i < count; i++)
      out.push(
        newDelegationRoute(
          id,
          out.map((r) => r.route_id),
          taken,
          { subAgentIdIsRouteId },
        ),
      );
    return out;
  };
  const jumpRoutes = (count: number) => {
    const out: RoutingRoute[] = [];
    for (let i = 0; i < count; i++) out.push(newRoutingRoute(out.map((r) => r.route_id)));
    return out;
  };
  return STEP_KINDS[kind].create({ id, title, generation, common, delegationRoutes, jumpRoutes });
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
  /**
   * The sub-agent's id is the route id, as coding-agent-loop and agentworks require; the route id
   * is then made unique across the plan's step ids too. Off for seed-era files.
   */
  subAgentIdIsRouteId?: boolean;
}

/**
 * A delegating step's route with a regular sub-agent step. `takenStepIds` is updated with
 * the sub-agent's id so several routes made in a row get distinct ids.
 */
export function newDelegationRoute(parentId: string, takenRouteIds: Iterable<string>, takenStepIds: Set<string>, options: NewRouteOptions = {}): Route {
  const sameId = options.subAgentIdIsRouteId === true && options.routeId === undefined;
  const { routeId, routeName } = routeNaming(sameId ? [...takenRouteIds, ...takenStepIds] : takenRouteIds, options);
  const subId = sameId ? routeId : uniqueId(`${parentId}-${routeId}`, takenStepIds);
  takenStepIds.add(subId);
  return {
    route_id: routeId,
    route_name: routeName,
    condition: options.condition ?? '',
    sub_agent_step: {
      type: 'regular',
      id: subId,
      title: `${routeName} Agent`,
      description: '',
      success_criteria: '',
      context_dependencies: [],
      context_output: '',
    },
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
