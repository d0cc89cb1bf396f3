import { END } from './common';
import type { Plan } from './plan';
import { asKnownStep, type Step } from './step';
import { stepKindSpec } from './step-kinds';
import { leniently, nonEmpty, type FlowEdgeKind, type FlowOutput, type TargetField } from './steps/kind-spec';
import { isStepLike, type PathSegment } from './walk';

/**
 * The control flow of a plan (docs/formats.md "Flow"), shared by the graph checks, the canvas edges
 * and the executor so all three agree on where a step goes next. Each kind says what its outputs
 * are (its module's `outputs`); this file only resolves them against list order.
 */
export interface FlowEdge {
  source: string;
  /** A step id or `end`. */
  target: string;
  kind: FlowEdgeKind;
  /** Source handle id on the canvas: `next`, a route id, `option-<index>`, `yes`, `no`, `true`, `false`. */
  handle: string;
  label?: string;
  /** Path of the field naming the target; absent when the target follows from list order. */
  field?: PathSegment[];
  /** Jumps to a step at or before the source in document order (a loop). */
  backward: boolean;
}

export interface FlowNode {
  step: Step;
  path: PathSegment[];
  scope: 'main' | 'branch';
  parentId?: string;
  branch?: 'true' | 'false';
  /** Where control goes when the step names no next step: the next step of its list, or its list's exit. */
  fallthrough: string;
  order: number;
}

export interface Flow {
  entry: string | undefined;
  nodes: Map<string, FlowNode>;
  edges: FlowEdge[];
}

export function buildFlow(plan: Plan): Flow {
  const nodes = new Map<string, FlowNode>();
  let order = 0;
  const indexList = (steps: ReadonlyArray<Step>, base: PathSegment[], exit: string, ctx: Pick<FlowNode, 'scope' | 'parentId' | 'branch'>) => {
    steps.forEach((anyStep, i) => {
      if (!isStepLike(anyStep)) return;
      const next = steps[i + 1];
      const fallthrough = isStepLike(next) ? next.id : exit;
      // The first occurrence wins for a duplicated id; the checks report the duplicate.
      if (!nodes.has(anyStep.id)) nodes.set(anyStep.id, { step: anyStep, path: [...base, i], fallthrough, order: order++, ...ctx });
      const step = asKnownStep(anyStep);
      if (!step) return;
      const branches = leniently(() => stepKindSpec(step.type).branches?.(step) ?? [], []);
      if (branches.length === 0) return;
      const after = nonEmpty(step.next_step_id) ?? fallthrough;
      for (const branch of branches) {
        const list = (step as Record<string, unknown>)[branch.field];
        if (!Array.isArray(list)) continue;
        indexList(list as Step[], [...base, i, branch.field], branch.exit ?? after, { scope: 'branch', parentId: step.id, branch: branch.branch });
      }
    });
  };
  indexList(plan.steps, ['steps'], END, { scope: 'main' });

  const edges: FlowEdge[] = [];
  for (const node of nodes.values()) edges.push(...edgesOf(node, nodes));
  const first = plan.steps[0];
  return { entry: isStepLike(first) ? first.id : undefined, nodes, edges };
}

export function edgesFrom(flow: Flow, stepId: string): FlowEdge[] {
  return flow.edges.filter((e) => e.source === stepId);
}

/** A kind's outputs; an opaque step just goes on. */
export function outputsOf(anyStep: Step): FlowOutput[] {
  const step = asKnownStep(anyStep);
  const fallback: FlowOutput[] = [{ kind: 'next', handle: 'next' }];
  return step ? leniently(() => stepKindSpec(step.type).outputs(step), fallback) : fallback;
}

function edgesOf(node: FlowNode, nodes: Map<string, FlowNode>): FlowEdge[] {
  const { path } = node;
  // Opaque steps may still carry a `next_step_id`; honour it when it is a string.
  const explicitNext = nonEmpty(node.step['next_step_id']);
  const defaultNext = explicitNext ?? node.fallthrough;
  return outputsOf(node.step).map((output) => {
    const target = output.target ?? defaultNext;
    const field = output.target !== undefined ? output.field : explicitNext !== undefined ? ['next_step_id'] : undefined;
    const targetNode = nodes.get(target);
    return {
      source: node.step.id,
      target,
      kind: output.kind,
      handle: output.handle,
      ...(output.label !== undefined ? { label: output.label } : {}),
      ...(field ? { field: [...path, ...field] } : {}),
      backward: targetNode !== undefined && targetNode.order <= node.order,
    };
  });
}

/** Every field of a step that names a flow target, with its value (empty values skipped). */
export function targetFields(anyStep: Step, path: PathSegment[]): TargetField[] {
  const step = asKnownStep(anyStep);
  const own: TargetField[] = step
    ? leniently(() => stepKindSpec(step.type).targets(step), [])
    : nonEmpty(anyStep['next_step_id']) !== undefined
      ? [{ field: ['next_step_id'], target: anyStep['next_step_id'] as string }]
      : [];
  return own.map(({ field, target }) => ({ field: [...path, ...field], target }));
}
