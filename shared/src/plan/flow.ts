import { END } from './common';
import type { Plan } from './plan';
import { asKnownStep, type Step } from './step';
import type { PathSegment } from './walk';

/**
 * The control flow of a plan (FORMATS.md "Flow"), shared by the graph checks, the canvas edges and
 * the executor so all three agree on where a step goes next.
 */
export type FlowEdgeKind = 'next' | 'route' | 'option' | 'yes' | 'no' | 'true' | 'false';

export interface FlowEdge {
  source: string;
  /** A step id or `end`. */
  target: string;
  kind: FlowEdgeKind;
  /** Source handle id on the canvas: `next`, a routing `route_id`, `option-<index>`, `yes`, `no`, `true`, `false`. */
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
      const fallthrough = steps[i + 1]?.id ?? exit;
      // The first occurrence wins for a duplicated id; the checks report the duplicate.
      if (!nodes.has(anyStep.id)) nodes.set(anyStep.id, { step: anyStep, path: [...base, i], fallthrough, order: order++, ...ctx });
      const step = asKnownStep(anyStep);
      if (step?.type === 'conditional') {
        const after = nonEmpty(step.next_step_id) ?? fallthrough;
        const branchCtx = { scope: 'branch' as const, parentId: step.id };
        indexList(step.if_true_steps ?? [], [...base, i, 'if_true_steps'], nonEmpty(step.if_true_next_step_id) ?? after, { ...branchCtx, branch: 'true' });
        indexList(step.if_false_steps ?? [], [...base, i, 'if_false_steps'], nonEmpty(step.if_false_next_step_id) ?? after, { ...branchCtx, branch: 'false' });
      }
    });
  };
  indexList(plan.steps, ['steps'], END, { scope: 'main' });

  const edges: FlowEdge[] = [];
  for (const node of nodes.values()) edges.push(...edgesOf(node, nodes));
  return { entry: plan.steps[0]?.id, nodes, edges };
}

export function edgesFrom(flow: Flow, stepId: string): FlowEdge[] {
  return flow.edges.filter((e) => e.source === stepId);
}

function nonEmpty(value: string | null | undefined): string | undefined {
  return value != null && value.trim() !== '' ? value : undefined;
}

/** Matches an option_routes key to an option index: a 0-based index, or the option's own text. */
export function optionIndexForKey(key: string, options: ReadonlyArray<string>): number | undefined {
  if (/^\d+$/.test(key)) {
    const index = Number(key);
    return index < options.length ? index : undefined;
  }
  const index = options.indexOf(key);
  return index >= 0 ? index : undefined;
}

function edgesOf(node: FlowNode, nodes: Map<string, FlowNode>): FlowEdge[] {
  const { path } = node;
  const step = asKnownStep(node.step);
  // Opaque steps may still carry a `next_step_id`; honour it when it is a string.
  const named = step ? step.next_step_id : node.step['next_step_id'];
  const explicitNext = typeof named === 'string' ? nonEmpty(named) : undefined;
  const defaultNext = explicitNext ?? node.fallthrough;
  const out: FlowEdge[] = [];
  const add = (kind: FlowEdgeKind, handle: string, named: string | undefined, field: PathSegment[] | undefined, label?: string) => {
    const target = named ?? defaultNext;
    const usedField = named !== undefined ? field : explicitNext !== undefined ? [...path, 'next_step_id'] : undefined;
    const targetNode = nodes.get(target);
    out.push({
      source: node.step.id,
      target,
      kind,
      handle,
      ...(label !== undefined ? { label } : {}),
      ...(usedField ? { field: usedField } : {}),
      backward: targetNode !== undefined && targetNode.order <= node.order,
    });
  };

  switch (step?.type) {
    case 'routing': {
      const routes = step.routes ?? [];
      if (routes.length === 0) add('next', 'next', undefined, undefined);
      routes.forEach((route, r) =>
        add('route', route.route_id, nonEmpty(route.next_step_id), [...path, 'routes', r, 'next_step_id'], route.route_name ?? route.route_id),
      );
      break;
    }
    case 'decision':
    case 'conditional': {
      const firstTrue = step.type === 'conditional' ? step.if_true_steps?.[0]?.id : undefined;
      const firstFalse = step.type === 'conditional' ? step.if_false_steps?.[0]?.id : undefined;
      add('true', 'true', firstTrue ?? nonEmpty(step.if_true_next_step_id), firstTrue ? [...path, 'if_true_steps', 0] : [...path, 'if_true_next_step_id'], 'Yes');
      add('false', 'false', firstFalse ?? nonEmpty(step.if_false_next_step_id), firstFalse ? [...path, 'if_false_steps', 0] : [...path, 'if_false_next_step_id'], 'No');
      break;
    }
    case 'human_input': {
      if (step.response_type === 'yesno') {
        add('yes', 'yes', nonEmpty(step.if_yes_next_step_id), [...path, 'if_yes_next_step_id'], 'Yes');
        add('no', 'no', nonEmpty(step.if_no_next_step_id), [...path, 'if_no_next_step_id'], 'No');
      } else if (step.response_type === 'multiple_choice' && (step.options?.length ?? 0) > 0) {
        const options = step.options ?? [];
        const routed = new Map<number, string>();
        for (const key of Object.keys(step.option_routes ?? {})) {
          const index = optionIndexForKey(key, options);
          if (index !== undefined && !routed.has(index)) routed.set(index, key);
        }
        options.forEach((option, i) => {
          const key = routed.get(i);
          const named = key !== undefined ? nonEmpty(step.option_routes?.[key]) : undefined;
          add('option', `option-${i}`, named, key !== undefined ? [...path, 'option_routes', key] : undefined, option);
        });
      } else {
        add('next', 'next', undefined, undefined);
      }
      break;
    }
    default:
      add('next', 'next', undefined, undefined);
  }
  return out;
}

/** Every field of a step that names a flow target, with its value (empty values skipped). */
export function targetFields(anyStep: Step, path: PathSegment[]): Array<{ field: PathSegment[]; target: string }> {
  const out: Array<{ field: PathSegment[]; target: string }> = [];
  const push = (field: PathSegment[], value: unknown) => {
    if (typeof value === 'string' && value.trim() !== '') out.push({ field, target: value });
  };
  const step = asKnownStep(anyStep);
  push([...path, 'next_step_id'], step ? step.next_step_id : anyStep['next_step_id']);
  if (!step) return out;
  if (step.type === 'routing') (step.routes ?? []).forEach((r, i) => push([...path, 'routes', i, 'next_step_id'], r.next_step_id));
  if (step.type === 'conditional' || step.type === 'decision') {
    push([...path, 'if_true_next_step_id'], step.if_true_next_step_id);
    push([...path, 'if_false_next_step_id'], step.if_false_next_step_id);
  }
  if (step.type === 'human_input') {
    push([...path, 'if_yes_next_step_id'], step.if_yes_next_step_id);
    push([...path, 'if_no_next_step_id'], step.if_no_next_step_id);
    for (const [key, target] of Object.entries(step.option_routes ?? {})) push([...path, 'option_routes', key], target);
  }
  return out;
}
