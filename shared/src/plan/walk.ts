import type { Plan } from './plan';
import type { Route } from './route';
import { asKnownStep, type Step, type SubAgentStep } from './step';

export type PathSegment = string | number;

/** Where a step lives: the main flow, a conditional branch, a route's private sub-agent, or `orphan_steps`. */
export type StepScope = 'main' | 'branch' | 'sub_agent' | 'orphan';

export interface StepVisit {
  step: SubAgentStep;
  path: PathSegment[];
  scope: StepScope;
  /** The conditional (for branch steps) or the todo_task/orchestration step (for sub-agents). */
  parentId?: string;
  routeId?: string;
  branch?: 'true' | 'false';
}

/** Routes of a step that delegates to sub-agents, with the field that holds them. */
export function routesOf(anyStep: SubAgentStep): { field: 'predefined_routes' | 'orchestration_routes'; routes: Route[] } | undefined {
  const step = asKnownStep(anyStep);
  if (step?.type === 'todo_task') return { field: 'predefined_routes', routes: step.predefined_routes ?? [] };
  if (step?.type === 'orchestration') return { field: 'orchestration_routes', routes: step.orchestration_routes ?? [] };
  return undefined;
}

/** Every step of a plan in document order, nested branches and sub-agents included. */
export function* walkSteps(plan: Plan): Generator<StepVisit> {
  yield* walkList(plan.steps, ['steps'], 'main');
  if (plan.orphan_steps) yield* walkList(plan.orphan_steps, ['orphan_steps'], 'orphan');
}

function* walkList(
  steps: ReadonlyArray<Step>,
  base: PathSegment[],
  scope: StepScope,
  extra: Partial<StepVisit> = {},
): Generator<StepVisit> {
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    if (step) yield* walkStep(step, [...base, i], scope, extra);
  }
}

function* walkStep(anyStep: SubAgentStep, path: PathSegment[], scope: StepScope, extra: Partial<StepVisit>): Generator<StepVisit> {
  yield { step: anyStep, path, scope, ...extra };
  const step = asKnownStep(anyStep);
  if (step?.type === 'conditional') {
    const inner: StepScope = scope === 'main' ? 'branch' : scope;
    if (step.if_true_steps) yield* walkList(step.if_true_steps, [...path, 'if_true_steps'], inner, { parentId: step.id, branch: 'true' });
    if (step.if_false_steps) yield* walkList(step.if_false_steps, [...path, 'if_false_steps'], inner, { parentId: step.id, branch: 'false' });
  }
  const routes = routesOf(anyStep);
  if (step && routes) {
    for (let r = 0; r < routes.routes.length; r++) {
      const route = routes.routes[r];
      if (route?.sub_agent_step) {
        yield* walkStep(route.sub_agent_step, [...path, routes.field, r, 'sub_agent_step'], 'sub_agent', {
          parentId: step.id,
          routeId: route.route_id,
        });
      }
    }
  }
}
