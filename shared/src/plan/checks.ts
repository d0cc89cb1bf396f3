import { formatJsonPath } from '../errors/error-details';
import { END, sharedWithOf } from './common';
import { isDisplayId } from './display-ids';
import { orphanSharedIds, orphanSharedWithKey } from './orphan-refs';
import { detectGeneration } from './detect-generation';
import { buildFlow, targetFields } from './flow';
import { GENERATION_ORDER, GENERATIONS, generationTraits, type Generation } from './generations';
import type { Plan } from './plan';
import type { Problem } from './problems';
import type { Route } from './step';
import { asKnownStep, stepKind, type Step } from './step';
import { STEP_KINDS, stepKindSpec } from './step-kinds';
import { leniently } from './steps/kind-spec';
import { isStepLike, routesOf, walkSteps, type PathSegment } from './walk';

export interface CheckPlanOptions {
  /** The file's generation; detected from the plan when absent. */
  generation?: Generation;
}

const at = (path: PathSegment[]) => formatJsonPath(path);

/**
 * Graph checks of a plan, by the rules of the generation the file follows. They never block saving
 * a half-edited workflow; they are reported so the canvas can mark the offending node and field.
 * They run on whatever parsed: a schema problem elsewhere in the file hides none of them.
 */
export function checkPlan(plan: Plan, options: CheckPlanOptions = {}): Problem[] {
  const generation = options.generation ?? detectGeneration(plan).generation;
  const problems: Problem[] = [];
  const seen = new Map<string, string>();
  const subAgentIds = new Set<string>();
  // A route that refers to an orphan step runs a clone of it whose id is the route id
  // (resolvePlanOrphanStepRefs): a known jump target for the loader.
  const cloneRoutes: Array<{ id: string; path: PathSegment[] }> = [];
  const orphans = new Map<string, Step>();
  for (const step of plan.orphan_steps ?? []) if (typeof step?.id === 'string' && !orphans.has(step.id)) orphans.set(step.id, step);

  for (const visit of walkSteps(plan)) {
    const { step, path } = visit;
    if (!isStepLike(step)) continue;
    const delegation = routesOf(step);
    delegation?.routes.forEach((route, r) => {
      // A route with both is reported as such; its sub-agent already holds the id.
      if (typeof route.orphan_step_ref === 'string' && route.orphan_step_ref !== '' && !route.sub_agent_step)
        cloneRoutes.push({ id: route.route_id, path: [...path, delegation.field, r, 'route_id'] });
    });
    if (visit.scope === 'sub_agent') subAgentIds.add(step.id);
    if (isDisplayId(step.id)) {
      problems.push({
        code: 'missing_step_id',
        // The real loader checks presence in steps and sub-agents; an id-less orphan step loads.
        severity: visit.scope === 'orphan' ? 'warning' : 'error',
        path: at([...path, 'id']),
        stepId: step.id,
        message: `the step at ${step.id} has no id; planvas shows it as "${step.id}" and keeps it id-less on disk`,
      });
    }
    const first = seen.get(step.id);
    if (first !== undefined) {
      problems.push({
        code: 'duplicate_step_id',
        severity: 'error',
        path: at([...path, 'id']),
        stepId: step.id,
        message: `step id "${step.id}" is already used at ${first}`,
      });
    } else {
      seen.set(step.id, at(path));
    }
    const known = asKnownStep(step);
    if (!known) {
      // Every real loader refuses a type it does not know; planvas shows and keeps it as written.
      problems.push({
        code: 'unknown_step_kind',
        severity: 'warning',
        path: at([...path, 'type']),
        stepId: step.id,
        message: `"${step.id}" has type "${String(step.type)}", which no known runtime generation accepts; planvas keeps it as written`,
      });
      continue;
    }
    const spec = stepKindSpec(known.type);
    problems.push(...leniently(() => spec.check?.(known, { at: (field) => at([...path, ...field]), generation }) ?? [], []));
    if (!spec.generations.includes(generation)) problems.push(retiredKind(known.type, path, step.id, generation));
    const renamed = spec.renamedIn?.[generation];
    if (renamed !== undefined) {
      problems.push({
        code: 'legacy_step_kind',
        severity: 'info',
        path: at([...path, 'type']),
        stepId: step.id,
        message: `"${step.id}" has type "${known.type}", which ${GENERATIONS[generation].label} reads as "${renamed}" (its writers write "${renamed}"); planvas keeps "${known.type}"`,
      });
    }
    for (const field of spec.requiredFields?.[generation] ?? []) {
      const value = (step as Record<string, unknown>)[field];
      if (typeof value === 'string' ? value.trim() === '' : value == null) {
        problems.push({
          code: 'missing_required_field',
          severity: 'error',
          path: at([...path, field]),
          stepId: step.id,
          message: `"${step.id}" needs ${field} (${GENERATIONS[generation].label} refuses a ${known.type} step without it)`,
        });
      }
    }
    const routes = routesOf(step);
    // Only one nested layer of delegation (validateTodoTaskNestingDepth / validateOrchestratorNestingDepth).
    if (routes && generationTraits(generation).graphChecks && path.filter((segment) => segment === 'sub_agent_step').length > 1) {
      problems.push({
        code: 'nesting_too_deep',
        severity: 'error',
        path: at([...path, 'type']),
        stepId: step.id,
        message: `"${step.id}" delegates from inside a sub-agent's sub-agent; runtimes allow one nested layer of delegating steps`,
      });
    }
    if (routes) problems.push(...leniently(() => routeAgentChecks(step.id, routes.routes, [...path, routes.field], orphans, generation), []));
  }

  // The clones join the one id namespace after resolution (collectStepIDsRecursive).
  const cloneIds = new Set<string>();
  if (generationTraits(generation).graphChecks) {
    for (const clone of cloneRoutes) {
      const first = seen.get(clone.id);
      if (first !== undefined || cloneIds.has(clone.id)) {
        problems.push({
          code: 'duplicate_step_id',
          severity: 'error',
          path: at(clone.path),
          stepId: clone.id,
          message: `route "${clone.id}" runs a clone of its orphan step under the id "${clone.id}", which is already used${first !== undefined ? ` at ${first}` : ' by another such route'}`,
        });
      }
      cloneIds.add(clone.id);
    }
  } else {
    for (const clone of cloneRoutes) cloneIds.add(clone.id);
  }
  problems.push(...sharedWithChecks(plan, generation));
  if (generationTraits(generation).scriptedItems) problems.push(...scriptReferenceChecks(plan, orphans));

  const flow = buildFlow(plan);
  for (const node of flow.nodes.values()) {
    for (const { field, target } of targetFields(node.step, node.path)) {
      if (target === END || flow.nodes.has(target)) continue;
      // The real loader counts sub-agent and orphan step ids as known targets
      // (validateNextStepIDReferences), so those load; planvas warns since no flow reaches them.
      const nested = subAgentIds.has(target) || orphans.has(target) || cloneIds.has(target);
      problems.push({
        code: nested ? 'sub_agent_target' : 'unknown_target',
        severity: nested ? 'warning' : 'error',
        path: at(field),
        stepId: node.step.id,
        message: nested
          ? `"${node.step.id}" jumps to "${target}", a ${subAgentIds.has(target) ? 'sub-agent' : 'shared orphan'} step, which only the steps that delegate to it run`
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
      problems.push({
        code: 'unreachable_step',
        severity: 'warning',
        path: at(node.path),
        stepId: id,
        message: `step "${id}" is never reached from the first step`,
      });
    }
  }
  return problems;
}

/**
 * Each delegating route runs an inline sub-agent step or a shared orphan step. A reference must name
 * an orphan step that is shared with the referring step, as the real loader insists.
 */
function routeAgentChecks(
  stepId: string,
  routes: ReadonlyArray<Route>,
  base: PathSegment[],
  orphans: ReadonlyMap<string, Step>,
  generation: Generation,
): Problem[] {
  const problems: Problem[] = [];
  const traits = generationTraits(generation);
  routes.forEach((route, r) => {
    if (traits.graphChecks && (route.route_name == null || route.route_name.trim() === '')) {
      problems.push({
        code: 'missing_required_field',
        severity: 'error',
        path: at([...base, r, 'route_name']),
        stepId,
        message: `route "${route.route_id}" of "${stepId}" needs a route_name (${GENERATIONS[generation].label} refuses it without)`,
      });
    }
    const ref = route.orphan_step_ref;
    if (ref == null || ref === '') {
      const sub = route.sub_agent_step;
      if (!sub) {
        problems.push({
          code: 'route_without_agent',
          severity: 'error',
          path: at([...base, r]),
          stepId,
          message: `route "${route.route_id}" of "${stepId}" has neither a sub_agent_step nor an orphan_step_ref`,
        });
      } else if (traits.graphChecks && (typeof sub.title !== 'string' || sub.title.trim() === '')) {
        problems.push({
          code: 'missing_required_field',
          severity: 'error',
          path: at([...base, r, 'sub_agent_step', 'title']),
          stepId,
          message: `the sub-agent of route "${route.route_id}" of "${stepId}" needs a title (${GENERATIONS[generation].label} refuses it without)`,
        });
      }
      if (sub && traits.subAgentIdIsRouteId && typeof sub.id === 'string' && !isDisplayId(sub.id) && sub.id !== route.route_id) {
        problems.push({
          code: 'sub_agent_id_mismatch',
          severity: 'error',
          path: at([...base, r, 'sub_agent_step', 'id']),
          stepId,
          message: `route "${route.route_id}" of "${stepId}" runs sub-agent "${sub.id}"; ${GENERATIONS[generation].label} wants the sub-agent's id to be the route id`,
        });
      }
      return;
    }
    if (route.sub_agent_step) {
      problems.push({
        code: 'orphan_ref_and_sub_agent',
        severity: 'error',
        path: at([...base, r, 'sub_agent_step']),
        stepId,
        message: `route "${route.route_id}" of "${stepId}" has both an orphan_step_ref and a sub_agent_step; keep one`,
      });
    }
    const orphan = orphans.get(ref);
    if (!orphan) {
      problems.push({
        code: 'unknown_orphan_ref',
        severity: 'error',
        path: at([...base, r, 'orphan_step_ref']),
        stepId,
        message: `route "${route.route_id}" of "${stepId}" refers to orphan step "${ref}", which is not in orphan_steps`,
      });
      return;
    }
    const field = generationTraits(generation).sharedWithField;
    const allowed = orphanSharedIds(orphan, generation);
    if (!allowed.includes(stepId)) {
      problems.push({
        code: 'orphan_not_shared',
        severity: 'error',
        path: at([...base, r, 'orphan_step_ref']),
        stepId,
        message: `orphan step "${ref}" is not shared with "${stepId}" (add "${stepId}" to its shared_with.${field})`,
      });
    }
  });
  return problems;
}

/** A kind the file's generation no longer accepts: a notice naming the generation that dropped it. */
function retiredKind(kind: keyof typeof STEP_KINDS, path: PathSegment[], stepId: string, generation: Generation): Problem {
  const accepted = STEP_KINDS[kind].generations;
  const last = accepted[accepted.length - 1];
  const dropper = GENERATION_ORDER.find((g) => last !== undefined && GENERATION_ORDER.indexOf(g) > GENERATION_ORDER.indexOf(last) && !accepted.includes(g));
  const introducedLater = accepted.every((g) => GENERATION_ORDER.indexOf(g) > GENERATION_ORDER.indexOf(generation));
  return {
    code: 'retired_step_kind',
    severity: 'info',
    path: at([...path, 'type']),
    stepId,
    message: introducedLater
      ? `"${stepId}" has type "${kind}", which ${GENERATIONS[generation].label} does not know yet (it came with ${GENERATIONS[accepted[0] ?? generation].label})`
      : `"${stepId}" has type "${kind}", which ${GENERATIONS[dropper ?? generation].label} dropped; runtimes of that generation reject it`,
  };
}

/**
 * Every id an orphan step is shared with must be a step that can delegate to it: a todo_task in
 * coding-agent-loop, an agent with routes in agentworks (resolvePlanOrphanStepRefs).
 */
function sharedWithChecks(plan: Plan, generation: Generation): Problem[] {
  const delegating = new Set<string>();
  const kinds = generationTraits(generation).sharingKinds;
  for (const { step } of walkSteps(plan)) {
    const routes = routesOf(step);
    // agentworks' newest wants an agent that has routes; the others a step of the sharing kind.
    if (routes && kinds.includes(String(step.type)) && (generation !== 'agent' || routes.routes.length > 0)) delegating.add(step.id);
  }
  const problems: Problem[] = [];
  (plan.orphan_steps ?? []).forEach((orphan, i) => {
    if (!isStepLike(orphan)) return;
    const sharedWith = sharedWithOf(orphan);
    if (!sharedWith) return;
    const key = orphanSharedWithKey(orphan, generation);
    {
      sharedWith[key].forEach((id, j) => {
        if (delegating.has(id)) return;
        problems.push({
          code: 'unknown_shared_with',
          severity: 'error',
          path: at(['orphan_steps', i, 'shared_with', key, j]),
          stepId: orphan.id,
          message: `orphan step "${orphan.id}" is shared with "${id}", but no ${kinds.join(' or ')} step${generation === 'agent' ? ' with routes' : ''} has that id (${GENERATIONS[generation].label} refuses it)`,
        });
      });
    }
  });
  return problems;
}

/**
 * A scripted item's calls name scripted steps: regular steps in orphan_steps with a validation
 * schema (validateAgentScriptReferences, agentworks).
 */
function scriptReferenceChecks(plan: Plan, orphans: ReadonlyMap<string, Step>): Problem[] {
  const problems: Problem[] = [];
  for (const { step, path } of walkSteps(plan)) {
    const items = (step as { items?: unknown }).items;
    if (!Array.isArray(items)) continue;
    items.forEach((item, i) => {
      const calls =
        typeof item === 'object' && item !== null && (item as { type?: unknown }).type === 'scripted'
          ? (item as { scripted_steps?: unknown }).scripted_steps
          : undefined;
      if (!Array.isArray(calls)) return;
      calls.forEach((call, c) => {
        const target = typeof call === 'object' && call !== null ? (call as { step_id?: unknown }).step_id : undefined;
        if (typeof target !== 'string') return;
        const orphan = orphans.get(target);
        const schema = orphan?.validation_schema as { files?: unknown[]; db?: unknown[] } | null | undefined;
        const scripted = orphan !== undefined && stepKind(orphan) === 'regular' && ((schema?.files?.length ?? 0) > 0 || (schema?.db?.length ?? 0) > 0);
        if (!scripted) {
          problems.push({
            code: 'unknown_script_step',
            severity: 'error',
            path: at([...path, 'items', i, 'scripted_steps', c, 'step_id']),
            stepId: step.id,
            message: `item ${i + 1} of "${step.id}" calls "${target}", which is not a regular step with a validation schema in orphan_steps`,
          });
        }
      });
    });
  }
  return problems;
}
