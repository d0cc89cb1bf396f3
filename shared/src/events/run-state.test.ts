import { describe, expect, it } from 'vitest';
import { fixtureRunEvents } from '../test-support/fixtures';
import type { TodoItem } from '../todos/schema';
import { knownEvent, parseEventEnvelope, type PlanvasEvent } from './envelopes';
import type { EventEnvelope } from './run';
import { EMPTY_RUN_STATE, foldRunEvent, foldRunEvents, runTodoCounts, statusNodeId, stepTodoCounts } from './run-state';
import { TodoSnapshotDecoder } from './snapshots';

const demo: PlanvasEvent[] = fixtureRunEvents('ResearchReport-demo.events.jsonl').map((value) => {
  const event = parseEventEnvelope(value);
  if (!event) throw new Error(`not an envelope: ${JSON.stringify(value)}`);
  return event;
});

let seq = 0;
const ev = (type: string, data: Record<string, unknown>): EventEnvelope => ({
  seq: ++seq,
  type,
  timestamp: `2026-01-01T00:00:${String(seq % 60).padStart(2, '0')}Z`,
  data,
});
const step = { step_index: 1, step_path: 'step-2', step_id: 'research' };
const todo = (id: string, status = 'open', extra: Partial<TodoItem> = {}): TodoItem => ({ id, title: id.toUpperCase(), status, ...extra });

describe('foldRunEvents over the demo run (fixtures/runs)', () => {
  const state = foldRunEvents(EMPTY_RUN_STATE, demo);

  it('reads every recorded event as its known type', () => {
    expect(demo).toHaveLength(123);
    expect(demo.filter((e) => knownEvent(e) === undefined).map((e) => e.type)).toEqual([]);
  });

  it('ends with the run completed, nothing waiting or running, and the todo list of the research step', () => {
    expect(state).toMatchObject({
      lastSeq: 123,
      status: 'completed',
      statusReason: null,
      endedAt: demo.at(-1)!.timestamp,
      waitingInput: null,
      currentStepId: null,
      iteration: 6,
      activeDelegation: null,
      currentTodoStepId: 'research-todo',
    });
    expect(runTodoCounts(state)).toEqual({ completed: 5, total: 5 });
    const research = state.todosByStep['research-todo']!;
    expect(research).toMatchObject({ stepId: 'research-todo', iteration: 6, listFrom: 'snapshot' });
    expect(research.todos).toHaveLength(6);
    expect(research.objective).toMatch(/^Plan the research/);
    expect(state.completions['research-todo']).toMatchObject({ total_iterations: 6, total_todos_count: 6, completed_count: 6 });
  });

  it('keys statuses by canvas node: the path taken completed, the branches not taken pending, sub-agents under their parent', () => {
    expect(state.stepStatuses).toMatchObject({
      'gather-sources': 'completed',
      'research-todo': 'completed',
      'choose-depth': 'completed',
      'deep-analysis': 'pending',
      'editor-review': 'completed',
      'publish-report': 'completed',
      'revise-scope': 'pending',
      'research-todo-sub-agent-literature': 'completed',
      'research-todo-sub-agent-generic': 'completed',
      'draft-outline-sub-agent-narrative': 'completed',
    });
    expect(state.carriedOver).toEqual({});
  });

  it('gives the same state folded one event at a time or in batches of any size', () => {
    let one = EMPTY_RUN_STATE;
    for (const event of demo) one = foldRunEvent(one, event);
    let batched = EMPTY_RUN_STATE;
    for (let i = 0; i < demo.length; i += 7) batched = foldRunEvents(batched, demo.slice(i, i + 7));
    expect(one).toEqual(state);
    expect(batched).toEqual(state);
  });

  it('shows the question while the run waits, and the step running', () => {
    const asking = demo.findIndex((e) => e.type === 'run_status' && e.data['status'] === 'waiting_input');
    const waiting = foldRunEvents(EMPTY_RUN_STATE, demo.slice(0, asking + 1));
    expect(waiting).toMatchObject({
      status: 'waiting_input',
      currentStepId: 'editor-review',
      waitingInput: { step_id: 'editor-review', response_type: 'multiple_choice' },
    });
    expect(waiting.waitingInput?.options).toEqual(['approve', 'reject', 'audit']);
    expect(foldRunEvents(waiting, demo.slice(asking + 1, asking + 3)).waitingInput).toBeNull();
  });
});

describe('foldRunEvents', () => {
  it('passes over unknown types and known types it does not use, but counts their seqs', () => {
    const base = foldRunEvents(EMPTY_RUN_STATE, [ev('run_status', { status: 'running' })]);
    const next = foldRunEvents(base, [
      ev('agent_thought', { text: 'hm', status: 'failed' }),
      ev('branch_taken', { step_id: 'a', step_type: 'routing', handle: 'x', choice: 'x', next_step_id: 'b' }),
    ]);
    expect(next).toEqual({ ...base, lastSeq: seq });
    expect(next.stepStatuses).toBe(base.stepStatuses);
    expect(next.todosByStep).toBe(base.todosByStep);
  });

  it('returns the same state for an empty batch, and never lowers lastSeq for an older event', () => {
    expect(foldRunEvents(EMPTY_RUN_STATE, [])).toBe(EMPTY_RUN_STATE);
    const state = foldRunEvents(EMPTY_RUN_STATE, [{ seq: 9, type: 'tick', timestamp: 't', data: {} }]);
    expect(foldRunEvents(state, [{ seq: 4, type: 'tick', timestamp: 't', data: {} }])).toBe(state);
  });

  it('ignores a known event whose payload failed its schema at the edge, and payloads with bad keys', () => {
    const bad = parseEventEnvelope({ seq: 1, type: 'step_status', timestamp: 't', data: { step_id: 'a', status: 'running', step_index: 'one' } })!;
    expect(knownEvent(bad)).toBeUndefined();
    const state = foldRunEvents(EMPTY_RUN_STATE, [
      bad,
      ev('step_status', { step_id: 's', status: 'bogus' }),
      ev('todo_snapshot', { step_id: 's', todos: 'nope' }),
    ]);
    expect(state.stepStatuses).toEqual({});
    expect(state.todosByStep).toEqual({});
  });

  it('keeps a run that has ended ended; a later final status still counts', () => {
    const ended = foldRunEvents(EMPTY_RUN_STATE, [
      ev('run_status', { status: 'running' }),
      ev('step_status', { step_id: 'a', status: 'running' }),
      ev('run_status', { status: 'completed' }),
    ]);
    expect(ended).toMatchObject({ status: 'completed', currentStepId: null, endedAt: expect.any(String) });
    expect(foldRunEvents(ended, [ev('run_status', { status: 'running' })]).status).toBe('completed');
    expect(foldRunEvents(ended, [ev('run_status', { status: 'failed', reason: 'late' })])).toMatchObject({ status: 'failed', statusReason: 'late' });
  });

  it('applies delta snapshots to the step list as TodoSnapshotDecoder does; a delta with no snapshot before it is ignored', () => {
    const whole = ev('todo_snapshot', { step_id: 'research', iteration: 1, todos: [todo('a'), todo('b'), todo('c')] });
    const changed = ev('todo_snapshot', { step_id: 'research', iteration: 2, delta: { base_iteration: 1, changed: [todo('b', 'completed'), todo('d')] } });
    const reordered = ev('todo_snapshot', { step_id: 'research', iteration: 3, delta: { base_iteration: 2, changed: [todo('e')], ids: ['e', 'd', 'a'] } });
    const state = foldRunEvents(EMPTY_RUN_STATE, [whole, changed, reordered]);
    const decoder = new TodoSnapshotDecoder();
    for (const e of [whole, changed, reordered]) decoder.apply(e.data);
    expect(state.todosByStep['research']?.todos).toEqual(decoder.todos);
    expect(state.todosByStep['research']?.todos.map((t) => t.id)).toEqual(['e', 'd', 'a']);
    expect(state.iteration).toBe(3);
    const orphan = foldRunEvents(EMPTY_RUN_STATE, [
      ev('todo_snapshot', { step_id: 'other', iteration: 4, delta: { base_iteration: 3, changed: [todo('x')] } }),
    ]);
    expect(orphan.todosByStep).toEqual({});
  });

  it("counts todos from decisions' todo_summary until the step has a list, then from the list (leaves only)", () => {
    const decisions = foldRunEvents(EMPTY_RUN_STATE, [
      ev('todo_task_route_selected', { ...step, iteration: 1, next_action: 'continue', todo_summary: { total: 4, completed: 1 } }),
      ev('todo_task_route_selected', { ...step, iteration: 2, next_action: 'continue', todo_summary: { total: 4, completed: 3 } }),
    ]);
    expect(runTodoCounts(decisions)).toEqual({ completed: 3, total: 4 });
    expect(decisions.iteration).toBe(2);
    const items = foldRunEvents(decisions, [
      ev('todo_task_item_created', { ...step, todo_id: 'p', title: 'Parent' }),
      ev('todo_task_item_created', { ...step, todo_id: 'c', title: 'Child', depth: 1 }),
      ev('todo_task_item_completed', { ...step, todo_id: 'c' }),
    ]);
    expect(runTodoCounts(items)).toEqual({ completed: 1, total: 1 });
    expect(items.todosByStep['research']).toMatchObject({ listFrom: 'items', iteration: 2 });
    expect(items.todosByStep['research']?.summary).toBeUndefined();
    expect(runTodoCounts(EMPTY_RUN_STATE)).toBeUndefined();
  });

  it('counts each step on its own with the same rule, whichever step the run shows', () => {
    const state = foldRunEvents(EMPTY_RUN_STATE, [
      ev('todo_snapshot', {
        step_id: 'first',
        iteration: 0,
        todos: [todo('p', 'in_progress'), todo('p1', 'completed', { depth: 1 }), todo('p2', 'open', { depth: 1 }), todo('q', 'completed')],
      }),
      ev('todo_task_route_selected', { step_id: 'second', iteration: 1, next_action: 'continue', todo_summary: { total: 6, completed: 2 } }),
    ]);
    expect(stepTodoCounts(state.todosByStep['first'])).toEqual({ completed: 2, total: 3 });
    expect(stepTodoCounts(state.todosByStep['second'])).toEqual({ completed: 2, total: 6 });
    expect(runTodoCounts(state)).toEqual(stepTodoCounts(state.todosByStep['second']));
    expect(stepTodoCounts(undefined)).toBeUndefined();
  });

  it('places an item event without a step (a hand-written log) in the list that changed last', () => {
    const state = foldRunEvents(EMPTY_RUN_STATE, [
      ev('todo_task_item_created', { ...step, todo_id: 't1', title: 'One' }),
      ev('todo_task_item_completed', { todo_id: 't1', result: 'ok' }),
    ]);
    expect(state.todosByStep['research']?.todos).toEqual([{ id: 't1', title: 'One', status: 'completed', result: 'ok' }]);
  });

  it('tracks the running top-level step and the active delegation, which ends with the sub-agent or the run', () => {
    const delegating = foldRunEvents(EMPTY_RUN_STATE, [
      ev('step_status', { step_id: 'research', status: 'orchestrating' }),
      ev('step_status', { step_id: 'research', status: 'running' }),
      ev('step_status', { step_id: 'lit', parent_step_id: 'research', route_id: 'literature', status: 'running' }),
    ]);
    expect(delegating).toMatchObject({
      currentStepId: 'research',
      activeDelegation: { parentStepId: 'research', routeId: 'literature', nodeId: 'research-sub-agent-literature' },
    });
    expect(foldRunEvents(delegating, [ev('run_status', { status: 'cancelled', reason: 'stop' })])).toMatchObject({
      activeDelegation: null,
      currentStepId: null,
      statusReason: 'stop',
    });
    expect(statusNodeId({ step_id: 'research-generic', parent_step_id: 'research', route_id: 'generic' })).toBe('research-sub-agent-generic');
  });
});
