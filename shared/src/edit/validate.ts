import { issuesToDetails, type ErrorDetail } from '../errors/error-details';
import { Step, SubAgentStep } from '../plan/step';
import type { PathSegment } from '../plan/walk';
import { walkDetached } from './locate';

/** Schema problems of a step about to be written at `path` (paths in the details are the plan's). */
export function stepProblems(step: unknown, path: readonly PathSegment[], asSubAgent: boolean): ErrorDetail[] {
  const parsed = (asSubAgent ? SubAgentStep : Step).safeParse(step);
  return parsed.success ? [] : issuesToDetails(parsed.error.issues, path);
}

/**
 * React Flow node fields. Spreading a canvas node (or a layout result) into a step would write
 * them to plan.json, where they do not belong: layout positions are planvas' own view state.
 */
const VIEW_STATE_KEYS = ['position', 'positionAbsolute', 'measured', 'width', 'height', 'selected', 'dragging'] as const;

/**
 * View-state keys that `next` (a step and its nested steps) adds compared with `previous`. Keys a
 * user's file already had are theirs and are left alone.
 */
export function introducedViewState(next: SubAgentStep, previous?: SubAgentStep): string[] {
  const before = new Map(previous ? walkDetached([previous]).map((v) => [v.step.id, v.step] as const) : []);
  const found = new Set<string>();
  for (const { step } of walkDetached([next])) {
    const old = before.get(step.id);
    for (const key of VIEW_STATE_KEYS) if (key in step && !(old && key in old)) found.add(key);
  }
  return [...found];
}
