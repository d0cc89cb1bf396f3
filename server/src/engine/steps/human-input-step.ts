import { edgesFrom, type FlowNode, type HumanInputStep } from '@planvas/shared';
import type { RunContext } from '../run-context';
import type { StepPosition } from '../step-position';

/** human_input: asks the question, waits for the answer (POST /api/runs/:runId/input) and leaves by the answer's handle. */
export async function runHumanInputStep(ctx: RunContext, node: FlowNode, _position: StepPosition): Promise<string> {
  const step = node.step as HumanInputStep;
  const question = step.question ?? step.description ?? step.title ?? 'Input needed';
  ctx.emit({
    type: 'human_input_requested',
    data: {
      step_id: step.id,
      question,
      ...(step.response_type ? { response_type: step.response_type } : {}),
      ...(step.options ? { options: step.options } : {}),
      ...(step.variable_name ? { variable_name: step.variable_name } : {}),
    },
  });
  ctx.emit({ type: 'run_status', data: { status: 'waiting_input', reason: `waiting for an answer to "${step.id}"` } });
  // Viewers must see the question before anyone can answer it. The wait and the flush are awaited
  // together: a cancel (server shutting down) during the flush rejects the wait, and awaiting the
  // flush first left that rejection unhandled.
  const [, answer] = await Promise.all([ctx.flushEvents(), ctx.input.wait(step, ctx.signal)]);
  ctx.emit({
    type: 'human_input_answered',
    data: {
      step_id: step.id,
      answer: answer.answer,
      handle: answer.handle,
      ...(step.variable_name ? { variable_name: step.variable_name } : {}),
      ...nextOf(ctx, step.id, answer.handle),
    },
  });
  ctx.emit({ type: 'run_status', data: { status: 'running' } });
  return answer.handle;
}

function nextOf(ctx: RunContext, stepId: string, handle: string): { next_step_id?: string } {
  const edge = edgesFrom(ctx.flow, stepId).find((e) => e.handle === handle);
  return edge ? { next_step_id: edge.target } : {};
}
