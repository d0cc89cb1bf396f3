import { access } from 'node:fs/promises';
import { clampedDepths, isLeafAt, normalizeTodoStatus, todoProgress, type TodoItem, type TodoTaskResponse } from '@planvas/shared';
import { fileInside } from '../validation';
import { stepText } from '../step-field-readers';
import type { AgentResult, AgentTask, ChoiceRequest, ChoiceResult, ModelCall, OrchestratorDecision, OrchestratorTurn, Provider } from './provider';
import { writeScriptedOutputs } from './scripted-outputs';

export const SCRIPTED_MODEL = 'scripted';

/**
 * The usage the scripted provider reports for a call: no model ran, so the counts are derived from
 * the text sizes (about four characters a token, as for English with common tokenizers), the same
 * for the same text on every run, and marked simulated.
 */
export function simulatedCall(read: string, written: string): ModelCall {
  return { model: SCRIPTED_MODEL, input_tokens: Math.ceil(read.length / 4), output_tokens: Math.ceil(written.length / 4), latency_ms: 0, simulated: true };
}

/**
 * The default provider: deterministic, needs no model and no network. Its rules:
 *
 * - Planning (first turn, empty list): one todo per predefined route, in route order, assigned to
 *   that route; the first route's todo gets two sub-todos (depth 1) so runs exercise the tree;
 *   plus one generic todo ("Assemble <outputs>") when `enable_generic_agent` is on.
 * - Every turn: parents whose sub-todos are all closed are completed first; then the first open
 *   (or in-progress) leaf in tree order is delegated to its assigned route, or to the generic
 *   agent when it is assigned `generic` (a todo assigned elsewhere goes to the first route).
 *   Blocked todos are skipped. When no such leaf is left the turn answers `complete`, after
 *   writing any declared output of the step that does not exist yet (the orchestrator may work
 *   directly: docs/formats.md "The todo_task step").
 * - Sub-agents write their step's declared `context_output` files, shaped to pass the
 *   validation_schema; the generic agent writes the todo_task step's own outputs.
 * - Choices: routing takes `default_route_id`, else the first route; conditional and decision
 *   are true; an orchestration step takes its first route. Human input is never answered here:
 *   the run waits for POST /api/runs/:runId/input.
 */
export class ScriptedProvider implements Provider {
  readonly name = 'scripted' as const;

  async orchestrate(turn: OrchestratorTurn): Promise<OrchestratorDecision> {
    // What a model would have read: the objective, the step, the list as the turn found it, the routes.
    const read = JSON.stringify([turn.objective, turn.step.description, turn.todos.list.todos, turn.routes.map((r) => [r.route_id, r.condition])]);
    const decision = await this.decide(turn);
    turn.usage?.(simulatedCall(read, JSON.stringify(decision.response)));
    return decision;
  }

  private async decide(turn: OrchestratorTurn): Promise<OrchestratorDecision> {
    const { todos, routes } = turn;
    if (todos.list.todos.length === 0) this.plan(turn);
    // Status changes never change depths, so one pass over the depths serves the whole turn.
    const depths = clampedDepths(todos.list.todos);
    this.closeFinishedParents(turn, depths);

    const items = todos.list.todos;
    let nextIndex = -1;
    for (let i = 0; i < items.length; i++) {
      if (isLeafAt(depths, i) && isWorkable(items[i]!.status)) {
        nextIndex = i;
        break;
      }
    }
    const progress = todoProgress(items, depths);
    const progressSummary = `${progress.completed} of ${progress.total} todos completed`;
    if (nextIndex < 0) {
      const written = await this.writeMissingOutputs(turn);
      const blocked = progress.blocked > 0 ? `; ${progress.blocked} blocked todo(s) left as they are` : '';
      const response: TodoTaskResponse = {
        next_action: 'complete',
        all_tasks_complete: progress.blocked === 0,
        progress_summary: progressSummary,
        completion_reason: `All ${progress.total} leaf todos are closed${written.length > 0 ? `; wrote ${written.join(', ')}` : ''}${blocked}`,
        selection_reasoning: 'Scripted rule: no open leaf todo is left, so the step is complete.',
      };
      return { response, model: SCRIPTED_MODEL };
    }
    const todo = items[nextIndex]!;
    const number = dottedNumberAt(depths, nextIndex);
    const route = routes.find((r) => r.route_id === todo.assigned_agent);
    const useGeneric = !route && todo.assigned_agent === 'generic' && turn.genericEnabled;
    const chosen = route ?? (useGeneric ? undefined : routes[0]);
    const response: TodoTaskResponse = {
      next_action: 'delegate',
      use_generic_agent: chosen === undefined,
      ...(chosen ? { selected_route_id: chosen.route_id, selected_route_name: chosen.route_name ?? chosen.route_id } : {}),
      todo_id_to_execute: todo.id,
      todo_title: todo.title,
      instructions_to_sub_agent: instructionsFor(todo),
      success_criteria_for_sub_agent: (stepText(chosen?.sub_agent_step, 'success_criteria') ?? turn.step.success_criteria) || `Todo "${todo.title}" is done.`,
      selection_reasoning: chosen
        ? `Scripted rule: first open leaf todo ${number} "${todo.title}" goes to its assigned route "${chosen.route_id}".`
        : `Scripted rule: first open leaf todo ${number} "${todo.title}" is assigned to the generic agent.`,
      all_tasks_complete: false,
      progress_summary: progressSummary,
    };
    return { response, model: SCRIPTED_MODEL };
  }

  private plan(turn: OrchestratorTurn): void {
    const { todos, routes } = turn;
    routes.forEach((route, index) => {
      const name = route.route_name || route.route_id;
      const parent = todos.create({
        title: name,
        description: route.condition ?? stepText(route.sub_agent_step, 'description') ?? '',
        priority: index === 0 ? 'high' : 'medium',
        assigned_agent: route.route_id,
      });
      if (index === 0) {
        todos.create({ title: `${name}: gather inputs`, description: `Collect what "${name}" needs`, assigned_agent: route.route_id, parent_id: parent.id });
        todos.create({
          title: `${name}: write results`,
          description: stepText(route.sub_agent_step, 'success_criteria') ?? `Finish "${name}"`,
          assigned_agent: route.route_id,
          parent_id: parent.id,
        });
      }
    });
    if (turn.genericEnabled || routes.length === 0) {
      const outputs = turn.outputs.length > 0 ? turn.outputs.join(', ') : 'the step result';
      todos.create({ title: `Assemble ${outputs}`, description: turn.step.success_criteria ?? '', priority: 'low', assigned_agent: 'generic' });
    }
  }

  private closeFinishedParents(turn: OrchestratorTurn, depths: Int32Array): void {
    // Deepest first (from the end of the pre-order list), so a finished grandchild level closes
    // its parent and then the grandparent in the same turn.
    for (let i = depths.length - 1; i >= 0; i--) {
      if (isLeafAt(depths, i)) continue;
      const parent = turn.todos.list.todos[i]!;
      if (normalizeTodoStatus(parent.status) === 'completed') continue;
      let children = 0;
      let closed = true;
      for (let j = i + 1; j < depths.length && depths[j]! > depths[i]!; j++) {
        if (depths[j] !== depths[i]! + 1) continue;
        children++;
        if (normalizeTodoStatus(turn.todos.list.todos[j]!.status) !== 'completed') closed = false;
      }
      if (children > 0 && closed) turn.todos.complete(parent.id, `All ${children} sub-todos completed`);
    }
  }

  private async writeMissingOutputs(turn: OrchestratorTurn): Promise<string[]> {
    const missing: string[] = [];
    for (const file of turn.outputs) {
      // A name outside the folder counts as missing, so writing it fails the step with the reason.
      const path = fileInside(turn.workDir, file);
      if (!path || !(await exists(path))) missing.push(file);
    }
    return writeScriptedOutputs(turn.workDir, missing, turn.validation, {
      stepId: turn.step.id,
      title: turn.step.title ?? turn.step.id,
      summary: turn.step.success_criteria ?? turn.step.description ?? '',
    });
  }

  async runAgent(task: AgentTask): Promise<AgentResult> {
    const result = await this.work(task);
    task.usage?.(simulatedCall([task.instructions, task.successCriteria, stepText(task.step, 'description')].join('\n'), result.summary));
    return result;
  }

  async choose(request: ChoiceRequest): Promise<ChoiceResult> {
    const choice = this.pick(request);
    request.usage?.(simulatedCall(JSON.stringify([request.question, request.options]), `${choice.id} ${choice.reasoning}`));
    return choice;
  }

  private async work(task: AgentTask): Promise<AgentResult> {
    const title = task.todo?.title ?? stepText(task.step, 'title') ?? task.step.id;
    const files = await writeScriptedOutputs(task.workDir, task.outputs, task.validation, {
      stepId: task.step.id,
      title,
      summary: task.instructions || stepText(task.step, 'description') || title,
    });
    const who = task.kind === 'generic' ? 'the generic agent' : task.kind === 'predefined' ? `sub-agent "${task.step.id}"` : `step "${task.step.id}"`;
    return { summary: `${title}: done by ${who}${files.length > 0 ? `; wrote ${files.join(', ')}` : ''}`, files };
  }

  private pick(request: ChoiceRequest): ChoiceResult {
    if (request.kind === 'conditional' || request.kind === 'decision') {
      return { id: 'true', reasoning: 'Scripted rule: conditions and decisions evaluate to true.' };
    }
    const byDefault = request.options.find((o) => o.id === request.defaultId);
    if (byDefault) return { id: byDefault.id, reasoning: `Scripted rule: the default route "${byDefault.id}".` };
    const first = request.options[0];
    if (!first) return { id: 'next', reasoning: 'No routes: the flow continues.' };
    return { id: first.id, reasoning: `Scripted rule: no default route, so the first route "${first.id}".` };
  }
}

function isWorkable(status: string): boolean {
  const group = normalizeTodoStatus(status);
  return group === 'open' || group === 'in_progress';
}

/** The dotted number (1.2.1) of row `index`, from the clamped depths of the rows before it. */
function dottedNumberAt(depths: Int32Array, index: number): string {
  const counters: number[] = [];
  for (let i = 0; i <= index; i++) {
    const depth = depths[i]!;
    counters.length = depth + 1;
    counters[depth] = (counters[depth] ?? 0) + 1;
  }
  return counters.join('.');
}

function instructionsFor(todo: TodoItem): string {
  return todo.description ? `${todo.title}: ${todo.description}` : todo.title;
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
