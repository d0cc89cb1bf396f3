// Test-only: a small run's events as the engine writes them (docs/api.md "Event envelope"), one
// event a second from 10:00:00, for the run timeline's tests.
import type { EventEnvelope, PlanvasEvent } from '@planvas/shared';
import { parseEventEnvelope } from '@planvas/shared';

export const T0 = Date.UTC(2026, 0, 1, 10, 0, 0);

export class RunEventsBuilder {
  private readonly events: EventEnvelope[] = [];
  private seconds = 0;

  /** Adds an event `after` seconds after the previous one. */
  add(type: string, data: Record<string, unknown>, after = 1): this {
    this.seconds += after;
    this.events.push({ seq: this.events.length + 1, type, timestamp: new Date(T0 + this.seconds * 1000).toISOString(), data });
    return this;
  }

  step(stepId: string, status: string, extra: Record<string, unknown> = {}, after = 1): this {
    return this.add('step_status', { step_id: stepId, status, step_type: 'regular', step_index: 0, step_path: 'step-1', ...extra }, after);
  }

  usage(stepId: string, extra: Record<string, unknown>, after = 0): this {
    return this.add(
      'llm_usage',
      {
        step_id: stepId,
        agent: 'orchestrator',
        model: 'scripted',
        provider: 'scripted',
        input_tokens: 100,
        output_tokens: 20,
        latency_ms: 5,
        simulated: true,
        ...extra,
      },
      after,
    );
  }

  build(): PlanvasEvent[] {
    return this.events.map((e) => parseEventEnvelope(e)).filter((e): e is PlanvasEvent => e !== null && e !== undefined);
  }
}

const todo = { step_type: 'todo_task' };

/**
 * A regular step, then a todo_task step with two iterations (each delegating one todo, the
 * second to the generic agent), a question to a human, and a pause.
 */
export function smallRun(): PlanvasEvent[] {
  return new RunEventsBuilder()
    .add('run_status', { status: 'running' }, 0)
    .step('gather', 'running')
    .step('gather', 'executing', {}, 0)
    .usage('gather', { agent: 'step_agent' }, 1)
    .step('gather', 'completed')
    .step('research', 'running', todo)
    .step('research', 'orchestrating', { ...todo, iteration: 1 })
    .usage('research', { iteration: 1, input_tokens: 500, output_tokens: 100 })
    .add(
      'todo_task_item_created',
      {
        step_id: 'research',
        step_index: 1,
        step_path: 'step-2',
        todo_id: 't1',
        title: 'Read papers',
        description: '',
        priority: 'high',
        created_by: 'orchestrator',
        iteration: 1,
        status: 'open',
      },
      0,
    )
    .add(
      'todo_task_route_selected',
      {
        step_id: 'research',
        step_index: 1,
        step_path: 'step-2',
        iteration: 1,
        next_action: 'delegate',
        selected_route_id: 'literature',
        todo_id_to_execute: 't1',
        todo_title: 'Read papers',
      },
      0,
    )
    .step('reader', 'executing', { iteration: 1, parent_step_id: 'research', route_id: 'literature', todo_id: 't1' })
    .usage('research', { iteration: 1, agent: 'sub_agent', route_id: 'literature', todo_id: 't1', input_tokens: 300, output_tokens: 50 }, 2)
    .step('reader', 'completed', { iteration: 1, parent_step_id: 'research', route_id: 'literature', todo_id: 't1' })
    .step('research', 'orchestrating', { ...todo, iteration: 2 })
    .usage('research', { iteration: 2, input_tokens: 600, output_tokens: 80 })
    .add('run_status', { status: 'paused', breakpoint: { on: 'before_delegate' }, step_id: 'research', iteration: 2 }, 1)
    .add('run_status', { status: 'running' }, 3)
    .step('research-generic', 'executing', { iteration: 2, parent_step_id: 'research', route_id: 'generic', todo_id: 't2' })
    .usage('research', { iteration: 2, agent: 'generic', route_id: 'generic', todo_id: 't2', input_tokens: 40, output_tokens: 10 }, 1)
    .step('research-generic', 'failed', { iteration: 2, parent_step_id: 'research', route_id: 'generic', todo_id: 't2' })
    .step('research', 'evaluating', todo)
    .step('research', 'completed', todo)
    .step('review', 'running', { step_type: 'human_input' })
    .add('human_input_requested', { step_id: 'review', question: 'Approve?', response_type: 'yesno', options: [], variable_name: 'ok' }, 0)
    .add('human_input_answered', { step_id: 'review', answer: 'yes', handle: 'yes', next_step_id: null }, 10)
    .step('review', 'completed', { step_type: 'human_input' }, 0)
    .add('run_status', { status: 'completed' })
    .build();
}
