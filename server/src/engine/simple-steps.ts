import {
  asKnownStep,
  contextOutputs,
  type FlowNode,
  type HumanInputStep,
  type KnownStep,
  type OrchestrationStep,
  type RoutingStep,
  type SubAgentStep,
} from '@planvas/shared';
import { edgesFrom } from '@planvas/shared';
import { errorMessage, StepFailure } from './step-failure';
import { withDeadline } from './pace';
import type { RunContext } from './run-context';
import { emitStatus, llmOf, validationOf } from './step-helpers';
import type { StepPosition } from './step-position';
import { validateOutputs } from './validation';
import { stepOutputs, stepText } from './step-fields';
import type { ChoiceRequest, SequenceItemRun } from './providers/provider';

/** Runs a step's validation in the execution folder; a failure stops the step with the problems. */
export async function validateStep(ctx: RunContext, step: SubAgentStep, position: StepPosition): Promise<void> {
  emitStatus(ctx, step, position, 'evaluating');
  const known = asKnownStep(step);
  const inner = known?.type === 'orchestration' ? known.orchestration_step : undefined;
  const schema = validationOf(ctx, step) ?? inner?.validation_schema ?? undefined;
  const outcome = await validateOutputs(schema, ctx.paths.executionDir);
  ctx.emit({ type: 'validation_result', data: { step_id: step.id, passed: outcome.passed, problems: outcome.problems } });
  if (!outcome.passed) {
    const first = outcome.problems.slice(0, 3).map((p) => `${p.file}${p.path ? ` ${p.path}` : ''}: ${p.message}`);
    const more = outcome.problems.length > 3 ? ` (+${outcome.problems.length - 3} more)` : '';
    throw new StepFailure('validation', `validation failed: ${first.join('; ')}${more}`, step.id);
  }
}

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
export async function runStepAgent(ctx: RunContext, step: SubAgentStep, instructions: string, outputs: string[], sequenceItem?: SequenceItemRun): Promise<void> {
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
        ...(sequenceItem ? { sequenceItem } : {}),
      }),
    { timeoutMs: ctx.options.subAgentTimeoutMs, signal: ctx.signal, onTimeout: () => new StepFailure('timeout', `step "${step.id}" timed out after ${ctx.options.subAgentTimeoutMs} ms`, step.id) },
  ).catch(agentFailure(ctx, step.id, `step "${step.id}"`));
}

export async function runRegularStep(ctx: RunContext, node: FlowNode, position: StepPosition): Promise<string> {
  const step = node.step;
  emitStatus(ctx, step, position, 'executing');
  await ctx.pace();
  await runStepAgent(ctx, step, stepText(step, 'description') ?? '', stepOutputs(step));
  await validateStep(ctx, step, position);
  return 'next';
}

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
      (signal) => ctx.provider.choose({ ...request, llm: llmOf(ctx, request.stepId, kindIsConditional ? 'conditional' : 'standard'), signal }),
      { timeoutMs: ctx.options.orchestratorTimeoutMs, signal: ctx.signal, onTimeout: () => new StepFailure('timeout', `the choice of step "${request.stepId}" timed out`, request.stepId) },
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

export async function runHumanInputStep(ctx: RunContext, node: FlowNode, position: StepPosition): Promise<string> {
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
  const pending = ctx.input.wait(step, ctx.signal);
  // Viewers must see the question before anyone can answer it.
  await ctx.flushEvents();
  const answer = await pending;
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
