import { formatJsonPath } from '../errors/error-details';
import { END } from '../plan/common';
import { buildFlow, targetFields } from '../plan/flow';
import type { Plan } from '../plan/plan';
import type { Step } from '../plan/step';
import { walkSteps, type PathSegment, type StepVisit } from '../plan/walk';
import { done, fail, withPlan, withStepConfig, type EditFailure, type EditResult, type PlanDocument } from './document';
import { deleteIn, setIn } from './immutable';
import { isPathPrefix } from './locate';
import { editReasons } from './reasons';
import { withoutConfigEntries } from './step-config-entries';

/** A field of another step naming a step that is about to go. */
export interface StepReference {
  /** The step holding the field. */
  sourceId: string;
  /** The step id it names. */
  target: string;
  field: PathSegment[];
  /** `field` as a JSONPath, for display. */
  path: string;
}

export type RelinkMode = 'successor' | 'end';

export interface DeleteStepsOptions {
  /**
   * What references to a deleted step become: `successor` = where the deleted step itself went on
   * (its next step id, else the next step of its list; followed on when that one is deleted too),
   * `end` = stop the workflow. Default `successor`. A step's own `next` never ends up pointing at
   * itself (A -> deleted -> A): that reference goes to `end`.
   */
  relink?: RelinkMode;
}

interface Deletion {
  /** The selected steps, minus those inside another selected step, in document order. */
  roots: StepVisit[];
  /** Ids that no longer exist afterwards (selected steps and everything nested in them). */
  goneIds: Set<string>;
  references: StepReference[];
}

/**
 * References that deleting `ids` would leave dangling: fields of the remaining steps naming one of
 * the steps or one nested in them (a conditional's branch steps go with it). The UI asks the user
 * how to re-link when this is not empty. Unknown ids are ignored here.
 */
export function findReferences(doc: PlanDocument, ids: string | readonly string[]): StepReference[] {
  const deletion = planDeletion(doc.plan, typeof ids === 'string' ? [ids] : ids, true);
  return 'ok' in deletion ? [] : deletion.references;
}

/**
 * Removes steps of the main list, of conditional branches or of orphan_steps, with everything nested
 * in them and their step_config entries (sub-agents' included), and re-points references to them.
 * A sub-agent is removed with its route (`removeRoute`), not here, unless its parent goes too.
 */
export function deleteSteps(
  doc: PlanDocument,
  ids: readonly string[],
  options: DeleteStepsOptions = {},
): EditResult<{ deletedIds: string[]; relinked: Array<StepReference & { to: string }> }> {
  const deletion = planDeletion(doc.plan, ids, false);
  if ('ok' in deletion) return deletion;
  const successorOf = successorsAfterDeleting(doc.plan, deletion.goneIds);
  let plan = doc.plan;
  const relinked: Array<StepReference & { to: string }> = [];
  for (const reference of deletion.references) {
    let to = options.relink === 'end' ? END : successorOf(reference.target);
    // A -> deleted -> A would leave A continuing with itself forever; `connect` refuses that too.
    if (to === reference.sourceId && reference.field[reference.field.length - 1] === 'next_step_id' && isStepLevel(reference)) to = END;
    plan = setIn(plan, reference.field, to);
    relinked.push({ ...reference, to });
  }
  // Back to front, so removing one step never shifts the path of another still to be removed.
  for (const root of [...deletion.roots].reverse()) plan = deleteIn(plan, root.path);
  const next = withStepConfig(withPlan(doc, plan), withoutConfigEntries(doc.stepConfig, deletion.goneIds));
  return { ...done(next), deletedIds: [...deletion.goneIds], relinked };
}

function planDeletion(plan: Plan, ids: readonly string[], lenient: boolean): Deletion | EditFailure {
  const visits = [...walkSteps(plan)];
  const selected: StepVisit[] = [];
  for (const id of new Set(ids)) {
    const visit = visits.find((v) => v.step.id === id);
    if (visit) selected.push(visit);
    else if (!lenient) return fail(editReasons.unknownStep(id));
  }
  const within = (visit: StepVisit, others: StepVisit[]) => others.some((o) => o !== visit && isPathPrefix(o.path, visit.path));
  const roots = selected.filter((visit) => !within(visit, selected));
  if (!lenient) {
    const lonelySubAgent = roots.find((v) => v.scope === 'sub_agent');
    if (lonelySubAgent) return fail(editReasons.subAgentDelete(lonelySubAgent.step.id, lonelySubAgent.parentId ?? ''));
  }
  roots.sort((a, b) => visits.indexOf(a) - visits.indexOf(b));
  const gone = (visit: StepVisit) => roots.some((root) => isPathPrefix(root.path, visit.path));
  const goneIds = new Set<string>();
  const kept: StepVisit[] = [];
  for (const visit of visits) {
    if (gone(visit)) goneIds.add(visit.step.id);
    else kept.push(visit);
  }
  // A duplicated id that survives elsewhere is not gone: references to it stay valid.
  for (const visit of kept) goneIds.delete(visit.step.id);
  const references: StepReference[] = [];
  for (const visit of kept) {
    for (const { field, target } of targetFields(visit.step as Step, visit.path)) {
      if (goneIds.has(target)) references.push({ sourceId: visit.step.id, target, field, path: formatJsonPath(field) });
    }
  }
  return { roots, goneIds, references };
}

/**
 * Where control went after each deleted step, skipping over deleted ones (`end` if it loops among
 * them): what `successor` relinking points references at. Exported so a UI can say beforehand where
 * each reference will go.
 */
export function successorsAfterDeleting(plan: Plan, goneIds: ReadonlySet<string>): (id: string) => string {
  const flow = buildFlow(plan);
  const direct = (id: string): string => {
    const node = flow.nodes.get(id);
    if (!node) return END;
    const named = node.step['next_step_id'];
    return typeof named === 'string' && named.trim() !== '' ? named : node.fallthrough;
  };
  return (id) => {
    const seen = new Set<string>();
    let current = id;
    while (goneIds.has(current)) {
      if (seen.has(current)) return END;
      seen.add(current);
      current = direct(current);
    }
    return current;
  };
}

/** The step's own `next_step_id`, as opposed to a routing route's `routes[i].next_step_id`. */
function isStepLevel(reference: StepReference): boolean {
  return reference.field[reference.field.length - 3] !== 'routes';
}
