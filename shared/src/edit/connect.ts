import { END } from '../plan/common';
import { buildFlow, edgesFrom, type FlowEdge } from '../plan/flow';
import { optionIndexForKey } from '../plan/steps/human-input';
import type { Plan } from '../plan/plan';
import { asKnownStep } from '../plan/step';
import type { PathSegment, StepVisit } from '../plan/walk';
import { done, fail, withPlan, type EditFailure, type EditResult, type PlanDocument } from './document';
import { deleteIn, getIn, isJsonObject, setIn, withoutKey } from './immutable';
import { findStep } from './locate';
import { editReasons } from './reasons';

/** A canvas connection: source step id, its output handle id (as `buildFlow` names them), target step id or `end`. */
export interface Connection {
  source: string;
  sourceHandle: string;
  target: string;
}

/** Where an output's target is written. `option` outputs live in the `option_routes` map. */
type OutputField = { kind: 'field'; path: PathSegment[] } | { kind: 'option'; mapPath: PathSegment[]; index: number; options: string[] };

/**
 * Checks a connection without applying it (for the canvas' `isValidConnection` while dragging).
 *
 * Rules, each refused with a reason:
 * - source and target must be steps of the flow (main list or a branch); `end` is a valid target;
 * - a sub-agent is never a target (a sub-agent runs only from its parent) nor a source;
 * - a step inside a conditional branch is reached only from its own branch (the conditional's
 *   Yes/No output enters it): no jumps into a branch from outside;
 * - `next` may not point at the step itself: an unconditional self-jump never ends. A branching
 *   output (route, option, yes/no, true/false) may: "ask again" / "re-evaluate" is a legitimate
 *   loop there because the condition decides whether it repeats;
 * - a conditional's Yes/No output whose branch already holds steps leads to the branch's first
 *   step; its target is that step, so it cannot be re-pointed (connect the branch's last step).
 */
export function checkConnection(plan: Plan, connection: Connection): EditFailure | undefined {
  const planned = planConnection(plan, connection);
  return 'ok' in planned ? planned : undefined;
}

export function connect(doc: PlanDocument, connection: Connection): EditResult {
  const planned = planConnection(doc.plan, connection);
  if ('ok' in planned) return planned;
  const { output } = planned;
  const { target } = connection;
  if (output.kind === 'field') return done(withPlan(doc, setIn(doc.plan, output.path, target)));
  const current = getIn(doc.plan, output.mapPath);
  const map = isJsonObject(current) ? current : {};
  const key = optionKey(map, output.index, output.options);
  if (map[key] === target) return done(doc);
  // A fresh key is appended; an existing key is overwritten in place, so the file's key order stays.
  return done(withPlan(doc, setIn(doc.plan, output.mapPath, { ...map, [key]: target })));
}

/** Removes an output's explicit target: the output then falls back to list order (or the branch's exit). */
export function disconnect(doc: PlanDocument, handle: Omit<Connection, 'target'>): EditResult {
  const planned = planOutput(doc.plan, handle.source, handle.sourceHandle);
  if ('ok' in planned) return planned;
  const { output } = planned;
  if (output.kind === 'field') return done(withPlan(doc, deleteIn(doc.plan, output.path)));
  const current = getIn(doc.plan, output.mapPath);
  if (!isJsonObject(current)) return done(doc);
  // Every key naming this option goes: leaving a second key ("1" next to "reject") would keep the edge.
  let map = current;
  for (const key of Object.keys(current)) if (optionIndexForKey(key, output.options) === output.index) map = withoutKey(map, key);
  if (map === current) return done(doc);
  const plan = Object.keys(map).length === 0 ? deleteIn(doc.plan, output.mapPath) : setIn(doc.plan, output.mapPath, map);
  return done(withPlan(doc, plan));
}

/** The existing key for the option (its index or its text), else the index as a string. */
function optionKey(map: Record<string, unknown>, index: number, options: string[]): string {
  return Object.keys(map).find((key) => optionIndexForKey(key, options) === index) ?? String(index);
}

function planConnection(plan: Plan, { source, sourceHandle, target }: Connection): { output: OutputField } | EditFailure {
  const planned = planOutput(plan, source, sourceHandle);
  if ('ok' in planned) return planned;
  if (target !== END) {
    const targetVisit = findStep(plan, target);
    if (!targetVisit) return fail(editReasons.unknownTarget(target));
    if (targetVisit.scope === 'sub_agent') return fail(editReasons.subAgentTarget(target));
    if (targetVisit.scope === 'orphan') return fail(editReasons.orphanStep(target));
    if (targetVisit.scope === 'branch' && !sameBranch(planned.visit, targetVisit)) {
      return fail(editReasons.intoBranch(target, targetVisit.parentId ?? '', targetVisit.branch ?? 'true'));
    }
  }
  if (target === source && planned.edge.kind === 'next') return fail(editReasons.selfNext(source));
  return { output: planned.output };
}

function sameBranch(a: StepVisit, b: StepVisit): boolean {
  return a.scope === 'branch' && a.parentId === b.parentId && a.branch === b.branch;
}

function planOutput(plan: Plan, source: string, handle: string): { output: OutputField; visit: StepVisit; edge: FlowEdge } | EditFailure {
  const visit = findStep(plan, source);
  if (!visit) return fail(editReasons.unknownSource(source));
  if (visit.scope === 'sub_agent') return fail(editReasons.subAgentSource(source));
  if (visit.scope === 'orphan') return fail(editReasons.orphanStep(source));
  // The outputs are exactly the canvas' source handles, so the editor and the drawing agree.
  const edges = edgesFrom(buildFlow(plan), source);
  const edge = edges.find((e) => e.handle === handle);
  if (!edge)
    return fail(
      editReasons.unknownHandle(
        source,
        handle,
        edges.map((e) => e.handle),
      ),
    );
  const { path } = visit;
  const step = asKnownStep(visit.step);
  switch (edge.kind) {
    case 'next':
      return { visit, edge, output: { kind: 'field', path: [...path, 'next_step_id'] } };
    case 'route': {
      // A jump route's handle is its route id: routing and branch keep them in `routes`.
      const routes = step && 'routes' in step && Array.isArray(step.routes) ? step.routes : [];
      const index = routes.findIndex((r) => r.route_id === handle);
      return { visit, edge, output: { kind: 'field', path: [...path, 'routes', index, 'next_step_id'] } };
    }
    case 'option': {
      const options = step?.type === 'human_input' ? (step.options ?? []) : [];
      return { visit, edge, output: { kind: 'option', mapPath: [...path, 'option_routes'], index: Number(handle.slice('option-'.length)), options } };
    }
    case 'yes':
    case 'no':
      return { visit, edge, output: { kind: 'field', path: [...path, `if_${edge.kind}_next_step_id`] } };
    case 'true':
    case 'false': {
      if (step?.type === 'conditional') {
        const first = (edge.kind === 'true' ? step.if_true_steps : step.if_false_steps)?.[0];
        if (first) return fail(editReasons.branchStartsWithSteps(source, edge.kind, first.id));
      }
      return { visit, edge, output: { kind: 'field', path: [...path, `if_${edge.kind}_next_step_id`] } };
    }
  }
}
