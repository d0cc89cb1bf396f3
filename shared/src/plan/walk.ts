import type { Plan } from './plan';
import type { Route } from './step';
import { asKnownStep, type Step, type SubAgentStep } from './step';
import { stepKindSpec } from './step-kinds';

export type PathSegment = string | number;

/** Where a step lives: the main flow, a conditional branch, a route's private sub-agent, or `orphan_steps`. */
export type StepScope = 'main' | 'branch' | 'sub_agent' | 'orphan';

export interface StepVisit {
  step: SubAgentStep;
  path: PathSegment[];
  scope: StepScope;
  /** The conditional (for branch steps) or the delegating step (for sub-agents). */
  parentId?: string;
  routeId?: string;
  branch?: 'true' | 'false';
}

/** Routes of a step that delegates to sub-agents, with the field that holds them. */
export function routesOf(anyStep: SubAgentStep): { field: 'predefined_routes' | 'orchestration_routes'; routes: Route[] } | undefined {
  const step = asKnownStep(anyStep);
  const spec = step ? stepKindSpec(step.type).routes : undefined;
  if (!step || !spec?.delegating) return undefined;
  const routes = (step as Record<string, unknown>)[spec.field];
  // Only route objects: a plan that breaks the schema may hold anything in the list.
  return { field: spec.field, routes: Array.isArray(routes) ? (routes as Route[]).filter((r) => typeof r === 'object' && r !== null) : [] };
}

/**
 * Every step of a plan in document order, nested branches and sub-agents included. Built as one
 * array (not a generator): the checks, the canvas and every save walk big plans several times.
 */
export function walkSteps(plan: Plan): StepVisit[] {
  const out: StepVisit[] = [];
  walkList(out, plan.steps, ['steps'], 'main', {});
  if (plan.orphan_steps) walkList(out, plan.orphan_steps, ['orphan_steps'], 'orphan', {});
  return out;
}

function walkList(out: StepVisit[], steps: ReadonlyArray<Step>, base: PathSegment[], scope: StepScope, extra: Partial<StepVisit>): void {
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    // A plan that breaks the schema may hold anything in a list; only step objects are walked.
    if (isStepLike(step)) walkStep(out, step, [...base, i], scope, extra);
  }
}

function walkStep(out: StepVisit[], anyStep: SubAgentStep, path: PathSegment[], scope: StepScope, extra: Partial<StepVisit>): void {
  out.push({ step: anyStep, path, scope, ...extra });
  const step = asKnownStep(anyStep);
  if (!step) return;
  const spec = stepKindSpec(step.type);
  if (spec.branches) {
    const inner: StepScope = scope === 'main' ? 'branch' : scope;
    for (const branch of spec.branches(step)) {
      const list = (step as Record<string, unknown>)[branch.field];
      if (Array.isArray(list)) walkList(out, list as Step[], [...path, branch.field], inner, { parentId: step.id, branch: branch.branch });
    }
  }
  const routes = routesOf(anyStep);
  if (!routes) return;
  for (let r = 0; r < routes.routes.length; r++) {
    const route = routes.routes[r];
    if (isStepLike(route?.sub_agent_step)) {
      walkStep(out, route.sub_agent_step, [...path, routes.field, r, 'sub_agent_step'], 'sub_agent', { parentId: step.id, routeId: route.route_id });
    }
  }
}

/** An object with a string id: what the walk, the flow and the checks can work with. */
export function isStepLike(value: unknown): value is Step {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { id?: unknown }).id === 'string';
}
