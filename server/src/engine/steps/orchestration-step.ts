import type { FlowNode, OrchestrationStep } from '@planvas/shared';
import { agentFailure, choose } from '../agent-calls';
import { withDeadline } from '../pace';
import type { RunContext } from '../run-context';
import { llmOf, validationOf } from '../step-config-lookups';
import { errorMessage, StepFailure } from '../step-failure';
import { stepOutputs, stepText } from '../step-field-readers';
import type { StepPosition } from '../step-position';
import { emitStatus } from '../step-status-events';
import { validateStep } from '../step-validation';
import { usageSink } from '../usage-recording';

/** The older orchestration step: the provider picks one of its routes, whose sub-agent then runs; then the step's validation. */
export async function runOrchestrationStep(ctx: RunContext, node: FlowNode, position: StepPosition): Promise<string> {
  const step = node.step as OrchestrationStep;
  const routes = step.orchestration_routes ?? [];
  emitStatus(ctx, step, position, 'orchestrating');
  await ctx.pace();
  const inner = step.orchestration_step;
  const choice = await choose(ctx, {
    stepId: step.id,
    kind: 'orchestration',
    question: inner?.description ?? step.description ?? '',
    options: routes.map((r) => ({ id: r.route_id, label: r.route_name ?? r.route_id, ...(r.condition ? { condition: r.condition } : {}) })),
  });
  const route = routes.find((r) => r.route_id === choice.id);
  if (route?.sub_agent_step) {
    const sub = route.sub_agent_step;
    emitStatus(ctx, sub, undefined, 'executing', { parent_step_id: step.id, route_id: route.route_id });
    emitStatus(ctx, step, position, 'executing', { route_id: route.route_id });
    await ctx.pace();
    await withDeadline(
      (signal) =>
        ctx.provider.runAgent({
          kind: 'predefined',
          parentStepId: step.id,
          step: sub,
          route,
          instructions: [inner?.description, stepText(sub, 'description')].filter(Boolean).join('\n\n'),
          successCriteria: stepText(sub, 'success_criteria') ?? inner?.success_criteria ?? '',
          outputs: stepOutputs(sub),
          validation: validationOf(ctx, sub),
          workDir: ctx.paths.executionDir,
          llm: llmOf(ctx, sub.id, 'standard', step.id),
          signal,
          usage: usageSink(ctx, { step_id: step.id, agent: 'sub_agent', route_id: route.route_id, sub_agent_step_id: sub.id }),
        }),
      { timeoutMs: ctx.options.subAgentTimeoutMs, signal: ctx.signal, onTimeout: () => new StepFailure('timeout', `sub-agent "${sub.id}" timed out`, step.id) },
    ).catch((error: unknown) => {
      emitStatus(ctx, sub, undefined, 'failed', { parent_step_id: step.id, route_id: route.route_id, reason: errorMessage(error) });
      return agentFailure(ctx, step.id, `sub-agent "${sub.id}"`)(error);
    });
    emitStatus(ctx, sub, undefined, 'completed', { parent_step_id: step.id, route_id: route.route_id });
  }
  await validateStep(ctx, step, position);
  return 'next';
}
