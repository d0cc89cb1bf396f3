import { sharedWithOf } from './common';
import { generationTraits, type Generation } from './generations';
import type { Plan } from './plan';
import type { Route } from './step';
import type { Step } from './step';

/**
 * The routes as a runtime runs them: a route that refers to a shared orphan step runs a copy of it
 * whose id is the route id, titled by the route when the orphan has no title (resolvePlanOrphanStepRefs,
 * plan_orphan_refs.go). Routes whose ref names no orphan step are left as they are (the checks
 * report them). Pure: the plan is not changed.
 */
export function resolveOrphanRefs(routes: ReadonlyArray<Route>, plan: Pick<Plan, 'orphan_steps'>): Route[] {
  const orphans = new Map((plan.orphan_steps ?? []).map((step) => [step.id, step] as const));
  return routes.map((route) => {
    const ref = route.orphan_step_ref;
    if (route.sub_agent_step || ref == null || ref === '') return route;
    const orphan = orphans.get(ref);
    if (!orphan) return route;
    const title = typeof orphan.title === 'string' && orphan.title.trim() !== '' ? orphan.title : (route.route_name ?? undefined);
    return { ...route, sub_agent_step: { ...orphan, id: route.route_id, ...(title !== undefined ? { title } : {}) } };
  });
}

/**
 * The list of an orphan's `shared_with` the generation reads: coding-agent-loop and the older
 * agentworks read `orchestrator_ids`; the newest agentworks reads `agent_ids`, and
 * `orchestrator_ids` only when `agent_ids` is absent (StepSharing.UnmarshalJSON).
 */
export function orphanSharedWithKey(orphan: Step, generation: Generation): 'orchestrator_ids' | 'agent_ids' {
  if (generationTraits(generation).sharedWithField === 'orchestrator_ids') return 'orchestrator_ids';
  const raw = (orphan as { shared_with?: { agent_ids?: unknown } }).shared_with;
  return raw && Array.isArray(raw.agent_ids) ? 'agent_ids' : 'orchestrator_ids';
}

/** The ids of the steps whose routes may refer to this orphan step. */
export function orphanSharedIds(orphan: Step, generation: Generation): string[] {
  return sharedWithOf(orphan)?.[orphanSharedWithKey(orphan, generation)] ?? [];
}
