// Test-only: envelopes shaped as the server stores them (field names of docs/formats.md "Events and logs").
import type { EventEnvelope, TodoItem } from '@planvas/shared';

export const STEP = { step_index: 1, step_path: 'step-1', step_id: 'research-todo', step_title: 'Research Sources' };

export function envelope(seq: number, type: string, data: Record<string, unknown>): EventEnvelope {
  return { seq, type, timestamp: new Date(Date.UTC(2026, 0, 1, 10, 0, seq)).toISOString(), data };
}

export function decision(seq: number, iteration: number | undefined, patch: Record<string, unknown> = {}): EventEnvelope {
  return envelope(seq, 'todo_task_route_selected', {
    ...STEP,
    ...(iteration !== undefined ? { iteration } : {}),
    next_action: 'delegate',
    selected_route_id: 'literature',
    selected_route_name: 'Literature Review',
    use_generic_agent: false,
    todo_id_to_execute: `todo_${iteration ?? 1}`,
    todo_title: `Todo of iteration ${iteration ?? 1}`,
    instructions_to_sub_agent: `Do the work of iteration ${iteration ?? 1}`,
    success_criteria_for_sub_agent: 'notes.md exists',
    selection_reasoning: 'The literature route covers reading sources',
    progress_summary: `${(iteration ?? 1) - 1} of 3 todos completed`,
    model: 'gpt-4.1',
    preferred_tier: 2,
    preferred_tier_label: 'Medium',
    ...patch,
  });
}

export function created(seq: number, todoId: string, title: string, patch: Record<string, unknown> = {}): EventEnvelope {
  return envelope(seq, 'todo_task_item_created', {
    ...STEP,
    todo_id: todoId,
    title,
    description: '',
    priority: 'medium',
    created_by: 'orchestrator',
    ...patch,
  });
}

export function updated(seq: number, todoId: string, from: string, to: string, patch: Record<string, unknown> = {}): EventEnvelope {
  return envelope(seq, 'todo_task_item_updated', {
    ...STEP,
    todo_id: todoId,
    title: todoId,
    old_status: from,
    new_status: to,
    updated_by: 'orchestrator',
    ...patch,
  });
}

export function completed(seq: number, todoId: string, patch: Record<string, unknown> = {}): EventEnvelope {
  return envelope(seq, 'todo_task_item_completed', {
    ...STEP,
    todo_id: todoId,
    title: todoId,
    result: `result of ${todoId}`,
    completed_by: 'orchestrator',
    ...patch,
  });
}

export function snapshot(seq: number, iteration: number, objective: string, todos: TodoItem[]): EventEnvelope {
  return envelope(seq, 'todo_snapshot', { step_id: STEP.step_id, step_path: STEP.step_path, iteration, objective, todos });
}
