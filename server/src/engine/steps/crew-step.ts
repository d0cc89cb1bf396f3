import type { CrewStep, FlowNode } from '@planvas/shared';
import type { RunContext } from '../run-context';
import { runRegularStep } from './regular-step';
import type { StepPosition } from '../step-position';

/**
 * A crew step is run by an external crew (agentworks): a trigger of a crew project. planvas cannot
 * call it, so it simulates the call, labelled as such in a `crew_call` event, and has the agent do
 * the step's work (its instruction, its outputs, its validation) as a regular step.
 */
export async function runCrewStep(ctx: RunContext, node: FlowNode, position: StepPosition): Promise<string> {
  const step = node.step as CrewStep;
  ctx.emit({
    type: 'crew_call',
    data: {
      step_id: step.id,
      simulated: true,
      ...(step.crew_profile_id ? { crew_profile_id: step.crew_profile_id } : {}),
      ...(step.crew_project_id ? { crew_project_id: step.crew_project_id } : {}),
      ...(step.trigger_id ? { trigger_id: step.trigger_id } : {}),
      timeout_seconds: step.timeout_seconds || 1800,
    },
  });
  const instructed = step.instruction ? { ...node, step: { ...step, description: step.instruction } } : node;
  return runRegularStep(ctx, instructed, position);
}
