import type { FlowNode } from '@planvas/shared';
import { runStepAgent } from '../agent-calls';
import type { RunContext } from '../run-context';
import { stepOutputs, stepText } from '../step-field-readers';
import type { StepPosition } from '../step-position';
import { emitStatus } from '../step-status-events';
import { validateStep } from '../step-validation';

/** A regular step: its agent does the description, writing its outputs; then its validation. */
export async function runRegularStep(ctx: RunContext, node: FlowNode, position: StepPosition): Promise<string> {
  const step = node.step;
  emitStatus(ctx, step, position, 'executing');
  await ctx.pace();
  await runStepAgent(ctx, step, stepText(step, 'description') ?? '', stepOutputs(step));
  await validateStep(ctx, step, position);
  return 'next';
}
