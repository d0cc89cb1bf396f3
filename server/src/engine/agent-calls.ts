import type { SubAgentStep } from '@planvas/shared';
import { withDeadline } from './pace';
import type { ChoiceRequest, SequenceItemRun } from './providers/provider';
import type { RunContext } from './run-context';
import { llmOf, validationOf } from './step-config-lookups';
import { errorMessage, StepFailure } from './step-failure';
import { stepText } from './step-field-readers';
import { usageSink } from './usage-recording';

// What the step executors ask the provider: a step's agent to do its work, or a choice among a
// step's options, each within its deadline, a failure turned into the StepFailure the run reports.

/** Turns an agent's failure into the step's StepFailure (a cancel or a StepFailure passes as it is). */
export function agentFailure(ctx: RunContext, stepId: string, what: string) {
  return (error: unknown) => {
    if (error instanceof StepFailure || ctx.signal.aborted) throw error;
    throw new StepFailure('sub_agent', `${what} failed: ${errorMessage(error)}`, stepId);
  };
}

/**
 * The step's own agent does `instructions`, writing `outputs`, within the sub-agent timeout.
 * `sequenceItem` names the item of a message_sequence the agent runs, for the provider's prompt.
 */
export async function runStepAgent(
  ctx: RunContext,
  step: SubAgentStep,
  instructions: string,
  outputs: string[],
  sequenceItem?: SequenceItemRun,
): Promise<void> {
  await withDeadline(
    (signal) =>
      ctx.provider.runAgent({
        kind: 'step',
        parentStepId: step.id,
        step,
        instructions,
        successCriteria: stepText(step, 'success_criteria') ?? '',
        outputs,
        validation: validationOf(ctx, step),
        workDir: ctx.paths.executionDir,
        llm: llmOf(ctx, step.id),
        signal,
        usage: usageSink(ctx, { step_id: step.id, agent: 'step_agent' }),
        ...(sequenceItem ? { sequenceItem } : {}),
      }),
    {
      timeoutMs: ctx.options.subAgentTimeoutMs,
      signal: ctx.signal,
      onTimeout: () => new StepFailure('timeout', `step "${step.id}" timed out after ${ctx.options.subAgentTimeoutMs} ms`, step.id),
    },
  ).catch(agentFailure(ctx, step.id, `step "${step.id}"`));
}

/**
 * Asks the provider to pick one of the request's options (routing, conditional, decision, branch,
 * orchestration) and refuses an answer that names none of them: the step fails with what was
 * offered instead of the run following a handle that does not exist.
 */
export async function choose(ctx: RunContext, request: Omit<ChoiceRequest, 'llm' | 'signal'>) {
  // A branch asks as routing did before it had a kind of its own: with the conditional LLM.
  const kindIsConditional = request.kind === 'conditional' || request.kind === 'decision' || request.kind === 'routing' || request.kind === 'branch';
  let choice;
  try {
    choice = await withDeadline(
      (signal) =>
        ctx.provider.choose({
          ...request,
          llm: llmOf(ctx, request.stepId, kindIsConditional ? 'conditional' : 'standard'),
          signal,
          usage: usageSink(ctx, { step_id: request.stepId, agent: 'choice' }),
        }),
      {
        timeoutMs: ctx.options.orchestratorTimeoutMs,
        signal: ctx.signal,
        onTimeout: () => new StepFailure('timeout', `the choice of step "${request.stepId}" timed out`, request.stepId),
      },
    );
  } catch (error) {
    if (error instanceof StepFailure || ctx.signal.aborted) throw error;
    throw new StepFailure('provider', `the provider could not choose for step "${request.stepId}": ${errorMessage(error)}`, request.stepId);
  }
  const valid = request.options.length === 0 ? ['next'] : request.options.map((o) => o.id);
  if (!valid.includes(choice.id)) {
    throw new StepFailure('provider', `the provider chose "${choice.id}" for step "${request.stepId}", which offers ${valid.join(', ')}`, request.stepId);
  }
  return choice;
}
