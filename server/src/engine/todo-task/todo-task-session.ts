import { join } from 'node:path';
import {
  contextOutputs,
  diffTodos,
  emptyTodoList,
  summarizeTodos,
  TodoSnapshotEncoder,
  withSummary,
  type Route,
  type SubAgentStep,
  type TodoItem,
  type TodoList,
  type TodoSnapshot,
  type TodoTaskRouteSelected,
  type StepStatusChanged,
  type OrchestratingStep,
  resolveOrphanRefs,
} from '@planvas/shared';
import { errorMessage, StepFailure } from '../step-failure';
import { withDeadline } from '../pace';
import type { RunContext } from '../run-context';
import { emitStatus } from '../step-status-events';
import { llmOf, validationOf } from '../step-config-lookups';
import { genericAgentPath, subAgentPath, type StepPosition } from '../step-position';
import { TodoFile } from './todo-file';
import { stepOutputs } from '../step-field-readers';
import { TodoToolbox, toolContext } from './todo-toolbox';
import { usageSink } from '../usage-recording';
import { copyRecordedOutputs } from '../replay/recorded-outputs';

/** The fields of a route-selected event that the caller decides (the session adds the step and iteration). */
export type DecisionFields = Partial<TodoTaskRouteSelected> & Pick<TodoTaskRouteSelected, 'next_action'>;

/** What one delegation did, for learnings. */
export interface DelegationRecord {
  route?: Route;
  todo: TodoItem;
  result: string;
  /** Reused from a recorded run (a replay's pin): no learning is written for it. */
  replayed?: boolean;
}

/**
 * The state of one todo_task step execution: its todo list (and todos.json), the iteration
 * counter, and the event helpers shared by the orchestrator loop and the learn_code fast path.
 */
export class TodoTaskSession {
  list: TodoList;
  iteration: number;
  readonly file: TodoFile;
  readonly delegations: DelegationRecord[] = [];
  readonly routes: Route[];
  readonly outputs: string[];
  private readonly encoder = new TodoSnapshotEncoder();

  constructor(
    readonly ctx: RunContext,
    readonly step: OrchestratingStep,
    readonly position: StepPosition,
    initial: { list: TodoList; iteration: number },
  ) {
    this.list = initial.list;
    this.iteration = initial.iteration;
    this.file = new TodoFile(join(ctx.paths.executionDir, step.id, 'todos.json'));
    // Routes that share an orphan step run a copy of it under the route id, as the runtime does.
    this.routes = resolveOrphanRefs(step.predefined_routes ?? [], ctx.plan);
    this.outputs = contextOutputs(step.context_output);
  }

  static defaultObjective(ctx: RunContext, step: OrchestratingStep): string | undefined {
    return step.description || ctx.plan.objective || step.title || undefined;
  }

  get diffContext() {
    return { step_index: this.position.step_index, step_path: this.position.step_path, step_id: this.step.id, iteration: this.iteration };
  }

  toolbox(): TodoToolbox {
    return new TodoToolbox(
      this.list,
      toolContext(() => this.ctx.now()),
    );
  }

  /** Replaces the list after a change: item events from the diff, todos.json saved. */
  commit(next: TodoList, by = 'orchestrator'): void {
    const events = diffTodos(this.list.todos, next.todos, { ...this.diffContext, by });
    // The todo tools keep the summary current; a list from elsewhere is recounted.
    this.list = next.summary?.total === next.todos.length ? next : withSummary(next);
    if (events.length > 0) this.ctx.emit(events);
    this.file.save(this.list);
  }

  /** Starts over from an empty list (the learn_code fallback is a fresh start). */
  reset(reason: string): void {
    this.list = emptyTodoList(this.step.id, this.list.objective ?? undefined);
    this.file.save(this.list);
    this.snapshot(reason);
  }

  /** Picks up an objective edited by the user since the last turn. */
  applyObjectiveEdit(): void {
    const edited = this.ctx.objectives.take(this.step.id);
    if (edited === undefined || edited === this.list.objective) return;
    this.list = { ...this.list, objective: edited };
    this.file.save(this.list);
  }

  snapshot(reason?: string, extra: Pick<TodoSnapshot, 'seeded_from' | 'edited'> = {}): void {
    this.ctx.emit({
      type: 'todo_snapshot',
      data: {
        step_id: this.step.id,
        step_path: this.position.step_path,
        iteration: this.iteration,
        ...(this.list.objective != null ? { objective: this.list.objective } : {}),
        summary: this.list.summary ?? summarizeTodos(this.list.todos),
        ...(reason ? { reason } : {}),
        ...extra,
        ...this.encoder.encode(this.list.todos, this.iteration),
      },
    });
  }

  /** Emits the route-selected event and writes the decision-log line for it. */
  recordDecision(data: DecisionFields): void {
    const timestamp = this.ctx.now();
    // The step and iteration are the executor's, whatever extra keys a model put in its answer.
    const event: TodoTaskRouteSelected = {
      ...data,
      step_index: this.position.step_index,
      step_path: this.position.step_path,
      step_id: this.step.id,
      step_title: this.step.title ?? '',
      iteration: this.iteration,
      todo_summary: this.list.summary ?? summarizeTodos(this.list.todos),
    };
    this.ctx.emit({ type: 'todo_task_route_selected', data: event, timestamp });
    void this.ctx.decisionLog.append(event, timestamp).catch(() => undefined);
  }

  subAgentPathFor(route: Route | undefined, todoId: string): string {
    return route ? subAgentPath(this.position.step_path, route.route_id) : genericAgentPath(this.position.step_path, todoId);
  }

  /**
   * Runs one delegation: the todo goes in_progress and is assigned, the sub-agent (a route's or
   * the generic one) works under the sub-agent timeout, and the todo is completed with its
   * result. A failing sub-agent leaves the todo `blocked` with the reason in its notes, so
   * todos.json shows where the step stopped, and the step fails.
   */
  async delegate(input: { route: Route | undefined; todoId: string; instructions: string; successCriteria: string }): Promise<DelegationRecord> {
    const { route, todoId } = input;
    const toolbox = this.toolbox();
    const todo = toolbox.update({ todo_id: todoId, status: 'in_progress', assigned_agent: route?.route_id ?? 'generic' });
    this.commit(toolbox.list);
    const agentStep: SubAgentStep = route?.sub_agent_step ?? {
      type: 'regular',
      id: `${this.step.id}-generic`,
      title: 'Generic Agent',
      description: input.instructions,
      ...(this.step.context_output != null ? { context_output: this.step.context_output } : {}),
    };
    const replay = this.ctx.replay?.take(this.step.id, route?.route_id ?? 'generic', todo.title, this.iteration);
    if (replay?.kind === 'diverged' && this.ctx.replay?.strict) {
      const stopped = this.toolbox();
      stopped.update({ todo_id: todoId, status: 'blocked', notes: replay.reason });
      this.commit(stopped.list);
      this.snapshot();
      throw new StepFailure('replay_diverged', replay.reason, this.step.id);
    }
    const replayed = replay?.kind === 'replayed';
    const statusExtra = {
      parent_step_id: this.step.id,
      route_id: route?.route_id ?? 'generic',
      todo_id: todoId,
      iteration: this.iteration,
      ...(replayed ? { replayed: true } : {}),
    };
    emitStatus(this.ctx, agentStep, undefined, 'executing', statusExtra);
    emitStatus(this.ctx, this.step, this.position, 'executing', { route_id: statusExtra.route_id, todo_id: todoId, iteration: this.iteration });
    await this.ctx.pace();
    let summary: string;
    if (replay?.kind === 'replayed') {
      // The recorded sub-agent's result and files, no model call (and so no llm_usage).
      await copyRecordedOutputs(replay.executionDir, this.ctx.paths.executionDir, route ? stepOutputs(agentStep) : this.outputs);
      return this.completeDelegation(todoId, todo, replay.recorded.result, agentStep, statusExtra, route, true);
    }
    try {
      const result = await withDeadline(
        (signal) =>
          this.ctx.provider.runAgent({
            kind: route ? 'predefined' : 'generic',
            parentStepId: this.step.id,
            step: agentStep,
            ...(route ? { route } : {}),
            todo,
            instructions: input.instructions,
            successCriteria: input.successCriteria,
            // The generic agent works towards the todo_task step's own outputs.
            outputs: route ? stepOutputs(agentStep) : this.outputs,
            validation: route ? validationOf(this.ctx, agentStep) : validationOf(this.ctx, this.step),
            workDir: this.ctx.paths.executionDir,
            llm: route ? llmOf(this.ctx, agentStep.id, 'standard', this.step.id) : llmOf(this.ctx, this.step.id),
            signal,
            usage: usageSink(this.ctx, {
              step_id: this.step.id,
              agent: route ? 'sub_agent' : 'generic',
              iteration: this.iteration,
              todo_id: todoId,
              route_id: route?.route_id ?? 'generic',
              sub_agent_step_id: agentStep.id,
            }),
          }),
        {
          timeoutMs: this.ctx.options.subAgentTimeoutMs,
          signal: this.ctx.signal,
          onTimeout: () =>
            new StepFailure(
              'timeout',
              `sub-agent ${route ? `"${agentStep.id}"` : '(generic)'} timed out after ${this.ctx.options.subAgentTimeoutMs} ms on todo ${todoId}`,
              this.step.id,
            ),
        },
      );
      summary = result.summary;
    } catch (error) {
      const reason = errorMessage(error);
      const failed = this.toolbox();
      failed.update({ todo_id: todoId, status: 'blocked', notes: `Sub-agent failed: ${reason}` });
      this.commit(failed.list);
      emitStatus(this.ctx, agentStep, undefined, 'failed', { ...statusExtra, reason });
      this.snapshot();
      if (error instanceof StepFailure || this.ctx.signal.aborted) throw error;
      throw new StepFailure('sub_agent', `sub-agent ${route ? `"${agentStep.id}"` : '(generic)'} failed on todo ${todoId}: ${reason}`, this.step.id);
    }
    return this.completeDelegation(todoId, todo, summary, agentStep, statusExtra, route, false);
  }

  /** The todo completed with the sub-agent's summary, its completed status, and the record for learnings. */
  private completeDelegation(
    todoId: string,
    todo: TodoItem,
    summary: string,
    agentStep: SubAgentStep,
    statusExtra: Partial<StepStatusChanged>,
    route: Route | undefined,
    replayed: boolean,
  ): DelegationRecord {
    const done = this.toolbox();
    const current = done.list.todos.find((t) => t.id === todoId);
    // A model may already have completed the todo through its own tools.
    const completed = current && current.status !== 'completed' ? done.complete(todoId, summary) : (current ?? todo);
    this.commit(done.list);
    emitStatus(this.ctx, agentStep, undefined, 'completed', statusExtra);
    const record: DelegationRecord = { ...(route ? { route } : {}), todo: completed, result: summary, ...(replayed ? { replayed: true } : {}) };
    this.delegations.push(record);
    return record;
  }
}
