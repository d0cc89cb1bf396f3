import type { Problem } from '@planvas/shared';
import type { WorkflowSummary } from './types';

/** A workflow as the server describes it in `GET /api/workflows` (and, with its plan, in `GET /api/workflows/:id`). */
export type RawSummary = { id: string; title?: string | null; stepCount?: number; legacy?: boolean; problems?: number | Problem[] };

/** One row of the sidebar: a title even for a plan without one (the folder's name), counts as numbers. */
export function toSummary(raw: RawSummary): WorkflowSummary {
  const problems = raw.problems;
  return {
    id: raw.id,
    title: raw.title?.trim() ? raw.title : (raw.id.split('/').pop() ?? raw.id),
    stepCount: raw.stepCount ?? 0,
    legacy: raw.legacy ?? false,
    problemCount: typeof problems === 'number' ? problems : Array.isArray(problems) ? problems.length : 0,
  };
}
