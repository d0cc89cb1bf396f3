import { END, asKnownStep, edgesFrom, type FlowNode, type StepStatusChanged } from '@planvas/shared';
import type { RunContext } from './run-context';
import { errorMessage, RunCancelled, StepFailure } from './step-failure';
import { emitStatus } from './step-status-events';
import { stepPosition } from './step-position';
import { STEP_EXECUTORS } from './steps';

export type RunOutcome = { status: 'completed' } | { status: 'failed'; reason: string } | { status: 'cancelled'; reason: string };

/**
 * Walks the workflow with the shared flow rules (the same `buildFlow` edges the canvas draws):
 * each step returns the handle it leaves by (`next`, a route id, `true`/`false`, `yes`/`no`,
 * `option-<i>`), and the edge with that handle names the next step. `end` (or running off the
 * end of the list) finishes the run; `maxSteps` stops a plan that would loop forever.
 */
export async function executeRun(ctx: RunContext, startStepId?: string): Promise<RunOutcome> {
  // A branched run starts at its todo_task step: the steps its parent had completed before it are
  // shown completed (carried over from the parent, whose files the branch copied), not pending.
  const carried = new Set(ctx.seed?.carriedOver ?? []);
  const from = ctx.seed?.from.runId;
  const initial: StepStatusChanged[] = [...ctx.flow.nodes.values()].map((node) => ({
    step_id: node.step.id,
    step_type: node.step.type ?? 'regular',
    ...stepPosition(node),
    ...(from !== undefined && carried.has(node.step.id) ? { status: 'completed', carried_over_from: from } : { status: 'pending' }),
  }));
  ctx.emit(initial.map((data) => ({ type: 'step_status', data })));

  let current: string | undefined = startStepId ?? ctx.flow.entry;
  let executed = 0;
  let active: FlowNode | undefined;
  try {
    while (current !== undefined && current !== END) {
      if (ctx.signal.aborted) throw ctx.signal.reason instanceof RunCancelled ? ctx.signal.reason : new RunCancelled('cancelled');
      executed++;
      if (executed > ctx.options.maxSteps) {
        throw new StepFailure(
          'step_cap',
          `the run executed ${ctx.options.maxSteps} steps without reaching the end; stopped to prevent an endless loop`,
          current,
        );
      }
      const node = ctx.flow.nodes.get(current);
      if (!node) throw new StepFailure('internal', `the flow leads to "${current}", which is not a step of the plan`, current);
      active = node;
      const handle = await runStep(ctx, node);
      const edges = edgesFrom(ctx.flow, node.step.id);
      const edge = edges.find((e) => e.handle === handle) ?? (edges.length === 1 ? edges[0] : undefined);
      if (!edge) throw new StepFailure('internal', `step "${node.step.id}" left by "${handle}", which has no edge`, node.step.id);
      const kind = asKnownStep(node.step)?.type;
      if (kind === 'routing' || kind === 'branch' || kind === 'conditional' || kind === 'decision' || kind === 'human_input') {
        ctx.emit({ type: 'branch_taken', data: { step_id: node.step.id, step_type: kind, handle: edge.handle, choice: handle, next_step_id: edge.target } });
      }
      emitStatus(ctx, node.step, stepPosition(node), 'completed');
      active = undefined;
      current = edge.target;
    }
    ctx.emit({ type: 'run_status', data: { status: 'completed' } });
    await ctx.flushEvents();
    return { status: 'completed' };
  } catch (error) {
    const cancelledRun = error instanceof RunCancelled || ctx.signal.aborted;
    const reason = cancelledRun ? errorMessage(ctx.signal.reason ?? error) : errorMessage(error);
    const kind = cancelledRun ? 'cancelled' : error instanceof StepFailure ? error.kind : 'internal';
    if (active) emitStatus(ctx, active.step, stepPosition(active), 'failed', { reason });
    ctx.emit({ type: 'run_error', data: { kind, message: reason, ...(active ? { step_id: active.step.id } : {}) } });
    ctx.emit({ type: 'run_status', data: { status: cancelledRun ? 'cancelled' : 'failed', reason } });
    await ctx.flushEvents().catch(() => undefined);
    return cancelledRun ? { status: 'cancelled', reason } : { status: 'failed', reason };
  }
}

async function runStep(ctx: RunContext, node: FlowNode): Promise<string> {
  const position = stepPosition(node);
  const step = asKnownStep(node.step);
  emitStatus(ctx, node.step, position, 'running');
  if (!step)
    throw new StepFailure('unsupported_step', `step "${node.step.id}" has type "${String(node.step.type)}", which planvas cannot execute`, node.step.id);
  return STEP_EXECUTORS[step.type](ctx, node, position);
}
