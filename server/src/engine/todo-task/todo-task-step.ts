import {
  edgesFrom,
  emptyTodoList,
  issuesToDetails,
  TodoTaskResponse,
  withSummary,
  type FlowNode,
  type OrchestratingStep,
  detectGeneration,
  hasGenericAgent,
} from '@planvas/shared';
import { recordLearning } from './learnings';
import { isLearnCodeEligible, runLearnCode } from './learn-code';
import { withDeadline } from '../pace';
import type { RunContext } from '../run-context';
import { errorMessage, StepFailure } from '../step-failure';
import { configOf, llmOf, tierOf, validationOf } from '../step-config-lookups';
import { emitStatus } from '../step-status-events';
import type { StepPosition } from '../step-position';
import { validateStep } from '../step-validation';
import { TodoTaskSession } from './todo-task-session';
import { messages } from '../../errors/messages';
import { isSafeSegment } from '../../workspace/safe-path';
import { join } from 'node:path';
import { usageSink } from '../usage-recording';
import { pauseAt } from '../debugging/pause';

/**
 * The todo_task execution flow (docs/formats.md "Execution flow"): load or initialise todos.json, then orchestrator turns
 * (TodoTaskResponse: delegate / continue / complete) with delegation to a predefined route's
 * sub-agent or the generic agent, until the orchestrator completes; then validation and, for
 * predefined routes only, learnings. `execution_max_turns` bounds the turns. A learn_code step
 * first tries its script (see learn-code.ts).
 */
export async function runTodoTaskStep(ctx: RunContext, node: FlowNode, position: StepPosition): Promise<string> {
  const step = node.step as OrchestratingStep;
  const session = await openSession(ctx, step, position);
  ctx.objectives.activate(step.id, session.list.objective ?? undefined);
  try {
    return await runSession(ctx, session);
  } finally {
    ctx.objectives.deactivate(step.id);
    await session.file.flush().catch(() => undefined);
  }
}

async function openSession(ctx: RunContext, step: OrchestratingStep, position: StepPosition): Promise<TodoTaskSession> {
  // todos.json lives in `<execution>/<step-id>/`: an id that is not one folder name would put it
  // anywhere a plan says (`../../../learnings/x`), so such a step is not run.
  if (!isSafeSegment(step.id)) throw new StepFailure('unsupported_step', messages.stepIdNotFolderName(step.id), step.id);
  const seed = ctx.seed?.stepId === step.id ? ctx.seed : undefined;
  if (seed) {
    // Consumed once: if the flow comes back to this step later it starts from its own file.
    ctx.seed = undefined;
    const session = new TodoTaskSession(ctx, step, position, { list: withSummary({ ...seed.list, step_id: step.id }), iteration: seed.iteration });
    session.file.save(session.list);
    session.snapshot('seeded', { seeded_from: { run_id: seed.from.runId, iteration: seed.from.iteration }, ...(seed.edits ? { edited: seed.edits } : {}) });
    return session;
  }
  const probe = new TodoTaskSession(ctx, step, position, { list: emptyTodoList(step.id), iteration: 0 });
  const existing = await probe.file.load();
  const list = existing ?? emptyTodoList(step.id, TodoTaskSession.defaultObjective(ctx, step));
  const session = new TodoTaskSession(ctx, step, position, { list: withSummary(list), iteration: 0 });
  session.file.save(session.list);
  session.snapshot(existing ? 'resumed' : 'initial');
  return session;
}

async function runSession(ctx: RunContext, session: TodoTaskSession): Promise<string> {
  const { step, position } = session;
  const config = configOf(ctx, step.id);

  if (isLearnCodeEligible(config, step)) {
    const outcome = await runLearnCode(ctx, session);
    if (outcome.success) return finish(ctx, session, `learn_code script succeeded: ${outcome.reason}`);
    if (ctx.options.fastPathOnly)
      throw new StepFailure('learn_code', `learn_code fast path failed and fast_path_only forbids a fallback: ${outcome.reason}`, step.id);
    // Fresh start (docs/formats.md "learn_code fast path"): the orchestrator re-plans from the step itself, no state carried over.
    session.reset('learn_code_fallback');
  }

  const maxTurns = config?.agent_configs?.execution_max_turns || ctx.options.defaultMaxTurns;
  const llm = llmOf(ctx, step.id);
  const validation = validationOf(ctx, step);
  const genericEnabled = hasGenericAgent(step, detectGeneration(ctx.plan).generation);
  let turns = 0;
  for (;;) {
    if (turns >= maxTurns) {
      throw new StepFailure(
        'max_turns',
        `execution_max_turns (${maxTurns}) reached before the orchestrator completed the step (${session.list.summary?.completed ?? 0} of ${session.list.todos.length} todos completed)`,
        step.id,
      );
    }
    turns++;
    session.iteration++;
    await pauseAt(ctx, { on: 'before_turn', stepId: step.id, iteration: session.iteration });
    // After the pause: an objective edited while paused applies to this turn.
    session.applyObjectiveEdit();
    emitStatus(ctx, step, position, 'orchestrating', { iteration: session.iteration });
    await ctx.pace();

    const known = new Set(session.list.todos.map((t) => t.id));
    const toolbox = session.toolbox();
    let decision;
    try {
      decision = await withDeadline(
        (signal) =>
          ctx.provider.orchestrate({
            step,
            routes: session.routes,
            genericEnabled,
            iteration: session.iteration,
            maxTurns,
            objective: session.list.objective ?? undefined,
            todos: toolbox,
            workDir: ctx.paths.executionDir,
            outputs: session.outputs,
            validation,
            llm,
            config,
            signal,
            usage: usageSink(ctx, { step_id: step.id, agent: 'orchestrator', iteration: session.iteration }),
          }),
        {
          timeoutMs: ctx.options.orchestratorTimeoutMs,
          signal: ctx.signal,
          onTimeout: () => new StepFailure('timeout', `the orchestrator turn ${session.iteration} timed out`, step.id),
        },
      );
    } catch (error) {
      // What the orchestrator changed before failing is kept: todos.json shows it.
      session.commit(toolbox.list);
      session.snapshot();
      if (error instanceof StepFailure || ctx.signal.aborted) throw error;
      throw new StepFailure('provider', `orchestrator turn ${session.iteration} failed: ${errorMessage(error)}`, step.id);
    }
    session.commit(toolbox.list);
    const created = session.list.todos.filter((t) => !known.has(t.id)).map((t) => t.title);
    if (created.length > 0) await pauseAt(ctx, { on: 'todo_created', stepId: step.id, iteration: session.iteration, titles: created });

    const parsed = TodoTaskResponse.safeParse(decision.response);
    if (!parsed.success) {
      session.snapshot();
      const problems = issuesToDetails(parsed.error.issues).map((d) => `${d.path}: ${d.message}`);
      throw new StepFailure('provider', `orchestrator turn ${session.iteration} returned a malformed TodoTaskResponse (${problems.join('; ')})`, step.id);
    }
    let response = parsed.data;
    let delegation = response.next_action === 'delegate' ? resolveDelegation(session, response, genericEnabled) : undefined;
    if (delegation) {
      const resumed = await pauseAt(ctx, {
        on: 'before_delegate',
        stepId: step.id,
        iteration: session.iteration,
        routeId: delegation.route?.route_id ?? 'generic',
        pending: response,
        refuse: (changed) => refusalOf(session, changed, genericEnabled),
      });
      if (resumed?.decision) {
        recordOverride(ctx, step.id, session.iteration, response, resumed.decision);
        response = resumed.decision;
        delegation = response.next_action === 'delegate' ? resolveDelegation(session, response, genericEnabled) : undefined;
      }
    }
    session.recordDecision({
      ...response,
      next_action: response.next_action,
      ...(delegation
        ? {
            selected_route_id: delegation.route?.route_id ?? '',
            selected_route_name: delegation.route ? (delegation.route.route_name ?? delegation.route.route_id) : '',
            use_generic_agent: !delegation.route,
            todo_title: delegation.todoTitle,
            selected_sub_agent_path: session.subAgentPathFor(delegation.route, delegation.todoId),
          }
        : {}),
      ...(decision.model ? { model: decision.model } : {}),
      ...tierOf(ctx, step.id),
    });

    if (delegation) {
      await session.delegate({
        route: delegation.route,
        todoId: delegation.todoId,
        instructions: response.instructions_to_sub_agent ?? '',
        successCriteria: response.success_criteria_for_sub_agent ?? '',
      });
    }
    session.snapshot();
    if (response.next_action === 'complete') {
      return finish(ctx, session, response.completion_reason || response.progress_summary || 'The orchestrator completed the step');
    }
  }
}

function resolveDelegation(session: TodoTaskSession, response: TodoTaskResponse, genericEnabled: boolean) {
  const todoId = response.todo_id_to_execute ?? '';
  const todo = session.list.todos.find((t) => t.id === todoId);
  if (!todo) {
    session.snapshot();
    throw new StepFailure('provider', `the orchestrator delegated todo "${todoId}", which is not in the todo list`, session.step.id);
  }
  if (response.use_generic_agent) {
    if (!genericEnabled)
      throw new StepFailure('provider', `the orchestrator chose the generic agent, but step "${session.step.id}" does not enable it`, session.step.id);
    return { route: undefined, todoId, todoTitle: todo.title };
  }
  const route = session.routes.find((r) => r.route_id === response.selected_route_id);
  if (!route) {
    throw new StepFailure(
      'provider',
      `the orchestrator chose route "${response.selected_route_id}", which step "${session.step.id}" does not have`,
      session.step.id,
    );
  }
  return { route, todoId, todoTitle: todo.title };
}

/** Why a decision the user changed cannot be carried out (resolveDelegation's checks, as words), or undefined. */
function refusalOf(session: TodoTaskSession, decision: TodoTaskResponse, genericEnabled: boolean): string | undefined {
  if (decision.next_action !== 'delegate') return undefined;
  const todoId = decision.todo_id_to_execute ?? '';
  if (!session.list.todos.some((t) => t.id === todoId)) return `todo "${todoId}" is not in the todo list`;
  if (decision.use_generic_agent) return genericEnabled ? undefined : `step "${session.step.id}" does not enable the generic agent`;
  return session.routes.some((r) => r.route_id === decision.selected_route_id)
    ? undefined
    : `step "${session.step.id}" has no route "${decision.selected_route_id}"`;
}

/** `decision_overridden`: the decision before and after the user's change, and which fields changed. */
function recordOverride(ctx: RunContext, stepId: string, iteration: number, before: TodoTaskResponse, after: TodoTaskResponse): void {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]) as Set<keyof TodoTaskResponse>;
  const changed = [...keys].filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key])).map(String);
  ctx.emit({ type: 'decision_overridden', data: { step_id: stepId, iteration, before, after, changed } });
}

/** Validation, learnings for predefined routes, and the step-completed event. */
async function finish(ctx: RunContext, session: TodoTaskSession, reason: string): Promise<string> {
  const { step, position } = session;
  await session.file.flush();
  await validateStep(ctx, step, position).catch(async (error: unknown) => {
    // The step fails either way; the pause lets the user look at its files and todos first.
    if (error instanceof StepFailure && error.kind === 'validation')
      await pauseAt(ctx, { on: 'validation_failed', stepId: step.id, iteration: session.iteration, reason: error.message });
    throw error;
  });
  const byRoute = new Map<string, typeof session.delegations>();
  for (const d of session.delegations) {
    // A replayed delegation did no new work: nothing new to learn from it.
    if (!d.route?.sub_agent_step || d.replayed) continue;
    byRoute.set(d.route.route_id, [...(byRoute.get(d.route.route_id) ?? []), d]);
  }
  // One file per sub-agent; written a few at a time (a step with many routes has many files).
  const entries = [...byRoute];
  const recorded: Array<{ routeId: string; subStepId: string } | undefined> = new Array(entries.length);
  let cursor = 0;
  const worker = async () => {
    while (cursor < entries.length) {
      const at = cursor++;
      const [routeId, records] = entries[at]!;
      const subStep = records[0]!.route!.sub_agent_step!;
      const file = await recordLearning(ctx.paths.root, join(ctx.paths.workflowDir, 'learnings'), ctx.stepConfig, {
        routeId,
        subAgentStepId: subStep.id,
        runId: ctx.runId,
        parentStepId: step.id,
        timestamp: ctx.now(),
        work: records.map((r) => ({ title: r.todo.title, result: r.result })),
      });
      if (file) recorded[at] = { routeId, subStepId: subStep.id };
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, entries.length) }, worker));
  for (const r of recorded) {
    if (r)
      ctx.emit({
        type: 'learning_recorded',
        data: { step_id: step.id, route_id: r.routeId, sub_agent_step_id: r.subStepId, file: `learnings/${r.subStepId}/learnings.md` },
      });
  }
  const next = edgesFrom(ctx.flow, step.id)[0]?.target;
  ctx.emit({
    type: 'todo_task_step_completed',
    data: {
      step_index: position.step_index,
      step_path: position.step_path,
      step_id: step.id,
      step_title: step.title ?? '',
      total_iterations: session.iteration,
      total_todos_count: session.list.todos.length,
      completed_count: session.list.summary?.completed ?? 0,
      completion_reason: reason,
      ...(next ? { next_step_id: next } : {}),
    },
  });
  return 'next';
}
