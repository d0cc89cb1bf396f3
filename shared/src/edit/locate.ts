import type { Plan } from '../plan/plan';
import type { SubAgentStep } from '../plan/step';
import { walkSteps, type PathSegment, type StepVisit } from '../plan/walk';

/**
 * The first step with this id anywhere in the plan (main list, branches, sub-agents, orphans), in
 * document order: the same "first occurrence wins" rule as `buildFlow` for duplicated ids.
 */
export function findStep(plan: Plan, id: string): StepVisit | undefined {
  for (const visit of walkSteps(plan)) if (visit.step.id === id) return visit;
  return undefined;
}

/** Every step id in use, nested branch steps and sub-agents included: what a new id must avoid. */
export function stepIdsOf(plan: Plan): Set<string> {
  const ids = new Set<string>();
  for (const visit of walkSteps(plan)) ids.add(visit.step.id);
  return ids;
}

/** Visits of a detached list of steps (clipboard, a step about to be inserted), paths from `['steps', i]`. */
export function walkDetached(steps: ReadonlyArray<SubAgentStep>): StepVisit[] {
  return [...walkSteps({ steps } as Plan)];
}

/** The step's own id and the ids of every step nested in it (branch steps, sub-agents). */
export function idsWithin(step: SubAgentStep): string[] {
  return walkDetached([step]).map((v) => v.step.id);
}

export function isPathPrefix(prefix: readonly PathSegment[], path: readonly PathSegment[]): boolean {
  return prefix.length <= path.length && prefix.every((segment, i) => segment === path[i]);
}

/** Where a step sits in its list: the list's path and the step's index in it (none for sub-agents). */
export function listPosition(visit: StepVisit): { listPath: PathSegment[]; index: number } | undefined {
  const index = visit.path[visit.path.length - 1];
  if (visit.scope === 'sub_agent' || typeof index !== 'number') return undefined;
  return { listPath: visit.path.slice(0, -1), index };
}
