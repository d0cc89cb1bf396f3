import { checkPlan, checkStepConfig, findStep, type PlanDocument, type Problem } from '@planvas/shared';
import type { WorkflowDocument } from '../../api/types';
import { sameJson } from './json-merge';

/**
 * The editable part of a loaded workflow (what edits and undo/redo work on). Null while plan.json
 * could not be read: there is nothing to edit then.
 */
export function planDocumentOf(document: WorkflowDocument | null): PlanDocument | null {
  if (!document || !document.plan) return null;
  return { plan: document.plan, stepConfig: document.stepConfig };
}

/**
 * The loaded workflow with an edited plan and step config, and its problems found again. Problems
 * only the server can see (legacy form: it read the file before promotion) are carried over while
 * they still name a step; an orphaned step_config entry keeps the server's "merge into" suggestion.
 */
export function withPlanDocument(document: WorkflowDocument, doc: PlanDocument): WorkflowDocument {
  if (document.plan === doc.plan && document.stepConfig === doc.stepConfig) return document;
  return { ...document, plan: doc.plan, stepConfig: doc.stepConfig, problems: problemsOf(doc, document.problems) };
}

export function problemsOf(doc: PlanDocument, previous: readonly Problem[]): Problem[] {
  const problems: Problem[] = checkPlan(doc.plan);
  if (doc.stepConfig) {
    const suggestions = new Map(previous.filter((p) => p.code === 'orphan_step_config' && p.suggestion?.action === 'merge').map((p) => [p.stepId, p]));
    for (const problem of checkStepConfig(doc.plan, doc.stepConfig)) {
      const known = problem.code === 'orphan_step_config' ? suggestions.get(problem.stepId) : undefined;
      problems.push(known ? { ...problem, suggestion: known.suggestion!, message: known.message } : problem);
    }
  }
  for (const problem of previous) {
    if (problem.code === 'legacy_format' && (problem.stepId === undefined || findStep(doc.plan, problem.stepId))) problems.push(problem);
  }
  return problems;
}

/** Whether the document differs from what is on disk (by content: undoing back to it is clean again). */
export function dirtyOf(document: WorkflowDocument | null, saved: PlanDocument | null): boolean {
  const doc = planDocumentOf(document);
  if (!doc || !saved) return false;
  return !(sameJson(doc.plan, saved.plan) && sameJson(doc.stepConfig, saved.stepConfig));
}
