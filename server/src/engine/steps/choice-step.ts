import { asKnownStep, contextOutputs, type FlowNode, type KnownStep, type RoutingStep } from '@planvas/shared';
import { agentFailure, choose } from '../agent-calls';
import type { ChoiceRequest } from '../providers/provider';
import type { RunContext } from '../run-context';
import { llmOf, validationOf } from '../step-config-lookups';
import type { StepPosition } from '../step-position';
import { emitStatus } from '../step-status-events';

/** routing / conditional / decision: the provider picks a branch; the handle names the flow edge. */
export async function runChoiceStep(ctx: RunContext, node: FlowNode, position: StepPosition): Promise<string> {
  const step = asKnownStep(node.step) as KnownStep;
  emitStatus(ctx, step, position, 'evaluating');
  await ctx.pace();
  let request: Omit<ChoiceRequest, 'llm' | 'signal'>;
  if (step.type === 'routing') {
    const routes = (step as RoutingStep).routes ?? [];
    request = {
      stepId: step.id,
      kind: 'routing',
      question: step.routing_question ?? step.description ?? '',
      options: routes.map((r) => ({ id: r.route_id, label: r.route_name ?? r.route_id, ...(r.condition ? { condition: r.condition } : {}) })),
      ...(step.default_route_id ? { defaultId: step.default_route_id } : {}),
    };
  } else {
    const question = step.type === 'conditional' ? step.condition_question : step.type === 'decision' ? step.decision_evaluation_question : undefined;
    request = {
      stepId: step.id,
      kind: step.type === 'decision' ? 'decision' : 'conditional',
      question: question ?? step.description ?? '',
      options: [
        { id: 'true', label: 'Yes' },
        { id: 'false', label: 'No' },
      ],
    };
  }
  // Decision steps may declare outputs (e.g. a readiness score) that later steps read.
  const outputs = contextOutputs(step.context_output);
  if (outputs.length > 0) {
    await ctx.provider
      .runAgent({
        kind: 'step',
        parentStepId: step.id,
        step,
        instructions: request.question,
        successCriteria: step.success_criteria ?? '',
        outputs,
        validation: validationOf(ctx, step),
        workDir: ctx.paths.executionDir,
        llm: llmOf(ctx, step.id, 'conditional'),
        signal: ctx.signal,
      })
      .catch(agentFailure(ctx, step.id, `step "${step.id}"`));
  }
  return (await choose(ctx, request)).id;
}
