import { issuesToDetails } from '../errors/error-details';
import { Route } from '../plan/step';
import { detectGeneration } from '../plan/detect-generation';
import { GENERATIONS, generationTraits } from '../plan/generations';
import { asKnownStep, stepKind, type SubAgentStep } from '../plan/step';
import { stepKindSpec } from '../plan/step-kinds';
import { RoutingRoute } from '../plan/steps/jump-routes';
import type { PathSegment, StepVisit } from '../plan/walk';
import type { Plan } from '../plan/plan';
import { newDelegationRoute, newRoutingRoute, type NewRouteOptions } from './create-step';
import { done, fail, withPlan, type EditFailure, type EditResult, type PlanDocument } from './document';
import { deleteIn, getIn, mergeShallow, reconcile, setIn, updateIn, withoutKey } from './immutable';
import { routeIdProblem } from './ids';
import { findStep, stepIdsOf } from './locate';
import { editReasons } from './reasons';
import { dropVanishedConfig, replacementProblem } from './update-step';

/**
 * Routes of the kinds that have them (each kind's module says which field): delegating routes
 * (`predefined_routes`, `orchestration_routes`) run a sub-agent step, jump routes (routing and
 * branch `routes`) name the next step. The same operations work on all of them.
 */
export type AnyRoute = Route | RoutingRoute;
export type RoutePatch = Readonly<Record<string, unknown>>;
export type RouteUpdater = (route: AnyRoute) => AnyRoute;

interface RouteHost {
  visit: StepVisit;
  listPath: PathSegment[];
  routes: AnyRoute[];
  /** Routes carry sub-agent steps (or orphan refs) rather than next step ids. */
  delegating: boolean;
}

function routeHost(plan: Plan, stepId: string): RouteHost | EditFailure {
  const visit = findStep(plan, stepId);
  if (!visit) return fail(editReasons.unknownStep(stepId));
  const step = asKnownStep(visit.step);
  const spec = step ? stepKindSpec(step.type).routes : undefined;
  if (!spec) return fail(editReasons.noRoutes(stepId, stepKind(visit.step)));
  const listPath = [...visit.path, spec.field];
  const routes = getIn(plan, listPath);
  return { visit, listPath, routes: Array.isArray(routes) ? (routes as AnyRoute[]) : [], delegating: spec.delegating };
}

function routeIndex(host: RouteHost, stepId: string, routeId: string): number | EditFailure {
  const index = host.routes.findIndex((r) => r.route_id === routeId);
  return index >= 0 ? index : fail(editReasons.unknownRoute(stepId, routeId));
}

export interface AddRouteOptions extends NewRouteOptions {
  /** Position among the routes; default at the end. */
  index?: number;
}

/**
 * Adds a route: `Route N` / `route-N` unless named. A todo_task / orchestration route gets a
 * regular sub-agent step with a fresh id; a routing route has no target until connected.
 */
export function addRoute(doc: PlanDocument, stepId: string, options: AddRouteOptions = {}): EditResult<{ routeId: string }> {
  const host = routeHost(doc.plan, stepId);
  if ('ok' in host) return host;
  const routeIds = host.routes.map((r) => r.route_id);
  if (options.routeId !== undefined) {
    const problem = routeIdProblem(options.routeId, new Set(routeIds));
    if (problem) return fail(problem);
  }
  // The file's own generation decides, unless the caller does, whether the sub-agent's id is the route id.
  const subAgentIdIsRouteId = options.subAgentIdIsRouteId ?? generationTraits(detectGeneration(doc.plan).generation).subAgentIdIsRouteId;
  const route = host.delegating
    ? newDelegationRoute(stepId, routeIds, stepIdsOf(doc.plan), { ...options, subAgentIdIsRouteId })
    : newRoutingRoute(routeIds, options);
  const index = options.index ?? host.routes.length;
  if (!Number.isInteger(index) || index < 0 || index > host.routes.length) return fail(editReasons.routeIndexOutOfRange(stepId, index, host.routes.length));
  const plan = updateIn(doc.plan, host.listPath, (list) => {
    const current = Array.isArray(list) ? list : [];
    return [...current.slice(0, index), route, ...current.slice(index)];
  });
  return { ...done(withPlan(doc, plan)), routeId: route.route_id };
}

/**
 * Removes a route, its sub-agent and the sub-agent's step_config entries. A routing step whose
 * default route this was loses `default_route_id` (it would name nothing). Going below two routes
 * on a routing step is allowed mid-edit; the graph checks report it.
 */
export function removeRoute(doc: PlanDocument, stepId: string, routeId: string): EditResult {
  const host = routeHost(doc.plan, stepId);
  if ('ok' in host) return host;
  const index = routeIndex(host, stepId, routeId);
  if (typeof index !== 'number') return index;
  let plan = deleteIn(doc.plan, [...host.listPath, index]);
  if (!host.delegating && host.visit.step['default_route_id'] === routeId) plan = deleteIn(plan, [...host.visit.path, 'default_route_id']);
  const removed = host.routes[index] as Route;
  return done(dropVanishedConfig(withPlan(doc, plan), removed.sub_agent_step, undefined));
}

/**
 * Renames a route's id and/or display name. The id must stay unique among the step's routes;
 * a routing step's `default_route_id` follows the rename.
 */
export function renameRoute(
  doc: PlanDocument,
  stepId: string,
  routeId: string,
  names: { routeId?: string; routeName?: string },
): EditResult<{ routeId: string }> {
  const host = routeHost(doc.plan, stepId);
  if ('ok' in host) return host;
  const index = routeIndex(host, stepId, routeId);
  if (typeof index !== 'number') return index;
  const newId = names.routeId ?? routeId;
  let plan = doc.plan;
  if (newId !== routeId) {
    const problem = routeIdProblem(newId, new Set(host.routes.filter((_, i) => i !== index).map((r) => r.route_id)));
    if (problem) return fail(problem);
    plan = setIn(plan, [...host.listPath, index, 'route_id'], newId);
    if (!host.delegating && host.visit.step['default_route_id'] === routeId) plan = setIn(plan, [...host.visit.path, 'default_route_id'], newId);
  }
  if (names.routeName !== undefined) plan = setIn(plan, [...host.listPath, index, 'route_name'], names.routeName);
  return { ...done(withPlan(doc, plan)), routeId: newId };
}

/** Moves the route at position `from` to position `to` (0-based; `to` counts after the removal). */
export function moveRoute(doc: PlanDocument, stepId: string, from: number, to: number): EditResult {
  const host = routeHost(doc.plan, stepId);
  if ('ok' in host) return host;
  const count = host.routes.length;
  for (const index of [from, to]) {
    if (!Number.isInteger(index) || index < 0 || index >= count) return fail(editReasons.routeIndexOutOfRange(stepId, index, count));
  }
  if (from === to) return done(doc);
  const routes = [...host.routes];
  const [moved] = routes.splice(from, 1);
  routes.splice(to, 0, moved as AnyRoute);
  return done(withPlan(doc, setIn(doc.plan, host.listPath, routes)));
}

/**
 * Changes a route's fields (`undefined` removes one). The route id changes only through
 * `renameRoute`. A changed sub-agent step must be valid and use free ids; the step_config entries
 * of sub-agent steps it drops go with them.
 */
export function updateRoute(doc: PlanDocument, stepId: string, routeId: string, change: RoutePatch | RouteUpdater): EditResult {
  const host = routeHost(doc.plan, stepId);
  if ('ok' in host) return host;
  const index = routeIndex(host, stepId, routeId);
  if (typeof index !== 'number') return index;
  const previous = host.routes[index] as AnyRoute;
  const next = typeof change === 'function' ? reconcile(previous, change(previous)) : mergeShallow(previous, change);
  if (next === previous) return done(doc);
  if (next.route_id !== routeId) return fail(editReasons.routeIdChangeNotAllowed(routeId));
  const previousSub = subAgentOf(previous);
  const nextSub = subAgentOf(next);
  if (nextSub && nextSub !== previousSub) {
    const refused = replacementProblem(doc.plan, previousSub, nextSub);
    if (refused) return refused;
  }
  const routePath = [...host.listPath, index];
  const parsed = (host.delegating ? Route : RoutingRoute).safeParse(next);
  if (!parsed.success) return fail(editReasons.invalidRoute(stepId, routeId), issuesToDetails(parsed.error.issues, routePath));
  return done(dropVanishedConfig(withPlan(doc, setIn(doc.plan, routePath, next)), previousSub, nextSub));
}

/** Replaces (or with `null` removes) the sub-agent step of a todo_task / orchestration route. */
export function setSubAgentStep(doc: PlanDocument, stepId: string, routeId: string, subAgent: SubAgentStep | null): EditResult {
  const host = routeHost(doc.plan, stepId);
  if ('ok' in host) return host;
  if (!host.delegating) return fail(editReasons.noSubAgents(stepId, stepKind(host.visit.step)));
  return updateRoute(doc, stepId, routeId, (route) => {
    if (!subAgent) return withoutKey(route, 'sub_agent_step');
    return { ...route, sub_agent_step: subAgent };
  });
}

/** Turns a delegating step's generic agent (for todos no predefined route fits) on or off. */
export function setGenericAgent(doc: PlanDocument, stepId: string, enabled: boolean): EditResult {
  const visit = findStep(doc.plan, stepId);
  if (!visit) return fail(editReasons.unknownStep(stepId));
  const known = asKnownStep(visit.step);
  if (!known || !stepKindSpec(known.type).genericAgentSwitch) return fail(editReasons.noGenericAgent(stepId, stepKind(visit.step)));
  // Only seed-era files have the switch; later runtimes ignore the field and always run the generic agent.
  const { generation } = detectGeneration(doc.plan);
  if (!generationTraits(generation).genericAgentSwitch) return fail(editReasons.genericAgentAlwaysOn(stepId, GENERATIONS[generation].label));
  return done(withPlan(doc, setIn(doc.plan, [...visit.path, 'enable_generic_agent'], enabled)));
}

function subAgentOf(route: AnyRoute): SubAgentStep | undefined {
  const sub = (route as Route).sub_agent_step;
  return sub ?? undefined;
}
