import { z } from 'zod';
import { issuesToDetails } from '../errors/error-details';
import { END } from '../plan/common';
import { buildFlow, targetFields } from '../plan/flow';
import type { Plan } from '../plan/plan';
import { SubAgentStep, type Step } from '../plan/step';
import { walkSteps, type StepVisit } from '../plan/walk';
import { StepConfigEntry } from '../step-config/schema';
import { done, fail, withPlan, withStepConfig, type EditResult, type PlanDocument } from './document';
import { uniqueId } from './ids';
import { deleteIn, setIn } from './immutable';
import { insertSteps, resolveInsertion, type InsertAt } from './insert';
import { isPathPrefix, listPosition, stepIdsOf, walkDetached } from './locate';
import { editReasons } from './reasons';
import { configEntriesOf, withConfigEntries } from './step-config-entries';
import { introducedViewState } from './validate';

export const CLIPBOARD_FORMAT = 'planvas/steps';

/**
 * Copied steps as plain JSON (fit for the system clipboard, another tab or another workflow):
 * the steps with everything nested in them, and the step_config entries of all those steps.
 */
export const ClipboardPayload = z.object({
  format: z.literal(CLIPBOARD_FORMAT),
  version: z.literal(1),
  steps: z.array(SubAgentStep),
  stepConfig: z.array(StepConfigEntry),
});
export type ClipboardPayload = z.infer<typeof ClipboardPayload>;

/**
 * Copies steps in document order. A step inside another copied step travels with it rather than
 * twice. A sub-agent copied on its own becomes an ordinary step when pasted. Unknown ids are skipped.
 */
export function copySteps(doc: PlanDocument, ids: readonly string[]): ClipboardPayload {
  const roots = selectedRoots(doc.plan, ids);
  const within = new Set(walkDetached(roots.map((v) => v.step)).map((v) => v.step.id));
  // A JSON round trip detaches the payload from the document and proves it serialisable.
  return JSON.parse(
    JSON.stringify({ format: CLIPBOARD_FORMAT, version: 1, steps: roots.map((v) => v.step), stepConfig: configEntriesOf(doc.stepConfig, within) }),
  ) as ClipboardPayload;
}

export interface PasteResult {
  /** Old id -> new id, for every pasted step (nested and sub-agents included). */
  idMap: Record<string, string>;
  /** The new ids of the pasted top-level steps, in order (to select them). */
  pastedIds: string[];
}

/**
 * Pastes steps (default: at the end of the main list). Every pasted id is made unique in the
 * document (`fetch-data` -> `fetch-data-2`); flow targets among the pasted steps follow the
 * renaming; targets outside them are kept when that step exists in this document's flow, else
 * cleared (the output then falls back to list order). Their step_config entries come along.
 */
export function pasteSteps(doc: PlanDocument, payload: unknown, at: InsertAt = {}): EditResult<PasteResult> {
  const parsed = ClipboardPayload.safeParse(payload);
  if (!parsed.success) return fail(editReasons.invalidClipboard, issuesToDetails(parsed.error.issues));
  const where = resolveInsertion(doc.plan, at);
  if ('ok' in where) return where;
  const { steps, stepConfig } = payload as ClipboardPayload;
  if (steps.length === 0) return { ...done(doc), idMap: {}, pastedIds: [] };
  const viewKeys = [...new Set(steps.flatMap((s) => introducedViewState(s)))];
  if (viewKeys.length > 0) return fail(editReasons.viewState(viewKeys));

  let detached = { steps: steps.map(typed) } as Plan;
  const visits = walkDetached(detached.steps);
  const taken = stepIdsOf(doc.plan);
  const idMap = new Map<string, string>();
  for (const visit of visits) {
    const newId = uniqueId(visit.step.id, taken);
    taken.add(newId);
    if (!idMap.has(visit.step.id)) idMap.set(visit.step.id, newId);
    detached = setIn(detached, [...visit.path, 'id'], newId);
  }
  const flowIds = buildFlow(doc.plan).nodes;
  for (const visit of visits) {
    for (const { field, target } of targetFields(visit.step as Step, visit.path)) {
      const mapped = idMap.get(target);
      if (mapped !== undefined) detached = setIn(detached, field, mapped);
      else if (target !== END && !flowIds.has(target)) detached = deleteIn(detached, field);
    }
  }
  const entries = stepConfig.filter((e) => idMap.has(e.id)).map((e) => ({ ...e, id: idMap.get(e.id) as string }));
  const plan = insertSteps(doc.plan, detached.steps, where.listPath, where.index);
  const next = withStepConfig(withPlan(doc, plan), withConfigEntries(doc.stepConfig, entries));
  return { ...done(next), idMap: Object.fromEntries(idMap), pastedIds: detached.steps.map((s) => s.id) };
}

/** Copies the steps and pastes the copies right after the last of them (in its list). */
export function duplicateSteps(doc: PlanDocument, ids: readonly string[]): EditResult<PasteResult> {
  const roots = selectedRoots(doc.plan, ids).filter((v) => listPosition(v) !== undefined);
  const last = roots[roots.length - 1];
  if (!last) return fail(editReasons.nothingToDuplicate);
  return pasteSteps(
    doc,
    copySteps(
      doc,
      roots.map((v) => v.step.id),
    ),
    { after: last.step.id },
  );
}

/** A main-list step needs its `type`; a sub-agent may leave it out, meaning `regular`. */
function typed(step: SubAgentStep): Step {
  if (step.type !== undefined) return step as Step;
  const { type: _absent, ...rest } = step;
  return { type: 'regular', ...rest } as Step;
}

/** First occurrences of `ids`, without those nested in another selected step, in document order. */
function selectedRoots(plan: Plan, ids: readonly string[]): StepVisit[] {
  const wanted = new Set(ids);
  const found = new Set<string>();
  const selected: StepVisit[] = [];
  for (const visit of walkSteps(plan)) {
    if (!wanted.has(visit.step.id) || found.has(visit.step.id)) continue;
    found.add(visit.step.id);
    selected.push(visit);
  }
  return selected.filter((v) => !selected.some((o) => o !== v && isPathPrefix(o.path, v.path)));
}
