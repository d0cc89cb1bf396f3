import type { EventEnvelope } from '@planvas/shared';
import { describe, expect, it } from 'vitest';
import { deriveRun, EMPTY_RUN_DERIVED } from './run-derive';

let seq = 0;
const ev = (type: string, data: Record<string, unknown>): EventEnvelope => ({ seq: ++seq, type, timestamp: '2026-01-01T00:00:00Z', data });
const step = { step_index: 1, step_path: 'step-1', step_id: 'research' };

describe('deriveRun', () => {
  it('keys step statuses by canvas node id, sub-agents under parent and route', () => {
    const derived = deriveRun(EMPTY_RUN_DERIVED, [
      ev('step_status', { step_id: 'research', status: 'orchestrating' }),
      ev('step_status', { step_id: 'lit', parent_step_id: 'research', route_id: 'literature', status: 'executing' }),
      ev('step_status', { step_id: 'research-generic', parent_step_id: 'research', route_id: 'generic', status: 'running' }),
    ]);
    expect(derived.stepStatuses).toEqual({
      research: 'orchestrating',
      'research-sub-agent-literature': 'executing',
      'research-sub-agent-generic': 'running',
    });
    expect(derived.activeDelegation).toEqual({ parentStepId: 'research', routeId: 'generic', nodeId: 'research-sub-agent-generic' });
    const done = deriveRun(derived, [ev('step_status', { step_id: 'research-generic', parent_step_id: 'research', route_id: 'generic', status: 'completed' })]);
    expect(done.activeDelegation).toBeNull();
    expect(done.lastSeq).toBe(seq);
  });

  it('remembers which statuses a branch carried over from its parent run, until the step runs again', () => {
    const start = deriveRun(EMPTY_RUN_DERIVED, [
      ev('step_status', { step_id: 'gather', status: 'completed', carried_over_from: 'run-1' }),
      ev('step_status', { step_id: 'research', status: 'pending' }),
    ]);
    expect(start.stepStatuses).toEqual({ gather: 'completed', research: 'pending' });
    expect(start.carriedOver).toEqual({ gather: 'run-1' });
    const unrelated = deriveRun(start, [ev('step_status', { step_id: 'research', status: 'running' })]);
    expect(unrelated.carriedOver).toBe(start.carriedOver);
    const again = deriveRun(unrelated, [ev('step_status', { step_id: 'gather', status: 'running' })]);
    expect(again.carriedOver).toEqual({});
  });

  it('builds the todo list from item events and replaces it with each snapshot', () => {
    let derived = deriveRun(EMPTY_RUN_DERIVED, [
      ev('todo_task_item_created', { ...step, todo_id: 't1', title: 'Survey', priority: 'high' }),
      ev('todo_task_item_created', { ...step, todo_id: 't2', title: 'Extract', depth: 1 }),
      ev('todo_task_route_selected', { ...step, iteration: 1, next_action: 'delegate', todo_id_to_execute: 't1' }),
      ev('todo_task_item_updated', { ...step, iteration: 1, todo_id: 't1', old_status: 'open', new_status: 'in_progress' }),
    ]);
    expect(derived.todosByStep['research']?.todos.map((t) => [t.id, t.status, t.depth ?? 0])).toEqual([
      ['t1', 'in_progress', 0],
      ['t2', 'open', 1],
    ]);
    expect(derived.todosByStep['research']?.iteration).toBe(1);
    expect(derived.currentTodoStepId).toBe('research');
    const before = derived.todosByStep;
    derived = deriveRun(derived, [ev('todo_task_item_completed', { ...step, iteration: 1, todo_id: 't1', result: 'done it' })]);
    expect(derived.todosByStep['research']?.todos[0]).toMatchObject({ status: 'completed', result: 'done it' });
    // The previous state is left untouched (the store relies on immutable updates).
    expect(before['research']?.todos[0]?.status).toBe('in_progress');
    derived = deriveRun(derived, [
      ev('todo_snapshot', { step_id: 'research', iteration: 2, objective: 'Find it', todos: [{ id: 'x', title: 'X', status: 'blocked' }] }),
      ev('objective_updated', { step_id: 'research', objective: 'Find it fast' }),
    ]);
    expect(derived.todosByStep['research']).toMatchObject({ objective: 'Find it fast', iteration: 2, todos: [{ id: 'x', status: 'blocked' }] });
  });

  it('tracks the run status and the question a waiting run asks', () => {
    let derived = deriveRun(EMPTY_RUN_DERIVED, [
      ev('run_status', { status: 'running' }),
      ev('human_input_requested', { step_id: 'approve', question: 'Publish?', response_type: 'yesno', options: ['yes', 'no'] }),
      ev('run_status', { status: 'waiting_input' }),
    ]);
    expect(derived.runStatus).toBe('waiting_input');
    expect(derived.waitingInput).toEqual({ stepId: 'approve', question: 'Publish?', responseType: 'yesno', options: ['yes', 'no'] });
    derived = deriveRun(derived, [ev('human_input_answered', { step_id: 'approve', answer: 'yes' }), ev('run_status', { status: 'completed', reason: 'end' })]);
    expect(derived.waitingInput).toBeNull();
    expect(derived).toMatchObject({ runStatus: 'completed', runReason: 'end' });
  });

  it('returns the same object for an empty batch and ignores malformed payloads', () => {
    expect(deriveRun(EMPTY_RUN_DERIVED, [])).toBe(EMPTY_RUN_DERIVED);
    const derived = deriveRun(EMPTY_RUN_DERIVED, [ev('step_status', { step_id: 's', status: 'bogus' }), ev('todo_snapshot', { step_id: 's', todos: 'nope' })]);
    expect(derived.stepStatuses).toEqual({});
    expect(derived.todosByStep).toEqual({});
  });

  it('folds 10,000 events incrementally without re-reading the old ones', () => {
    const events = Array.from({ length: 10_000 }, (_, i) =>
      ev('todo_task_route_selected', { ...step, iteration: i + 1, next_action: 'delegate', todo_id_to_execute: `t${i}` }),
    );
    let derived = EMPTY_RUN_DERIVED;
    for (let i = 0; i < events.length; i += 500) derived = deriveRun(derived, events.slice(i, i + 500));
    expect(derived.todosByStep['research']?.iteration).toBe(10_000);
    expect(derived.lastSeq).toBe(events.at(-1)?.seq);
  });
});
