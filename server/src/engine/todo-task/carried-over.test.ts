import type { EventEnvelope } from '@planvas/shared';
import { describe, expect, it } from 'vitest';
import { stepsCompletedAtSnapshot } from './carried-over';

let seq = 0;
const event = (type: string, data: Record<string, unknown>): EventEnvelope => ({ seq: ++seq, type, timestamp: '2026-11-30T00:00:00.000Z', data });
const status = (stepId: string, value: string, extra: Record<string, unknown> = {}) => event('step_status', { step_id: stepId, status: value, ...extra });
const snapshot = (iteration: number) => event('todo_snapshot', { step_id: 'work', iteration, todos: [] });

describe('stepsCompletedAtSnapshot', () => {
  const events = [
    status('ask', 'pending'),
    status('gather', 'pending'),
    status('work', 'pending'),
    status('after', 'pending'),
    status('ask', 'running'),
    status('ask', 'completed'),
    status('gather', 'running'),
    status('gather', 'failed'),
    status('gather', 'running'),
    status('gather', 'completed'),
    status('work', 'running'),
    snapshot(1),
    status('work-sub-agent-r1', 'completed', { parent_step_id: 'work', route_id: 'r1' }),
    snapshot(2),
    status('work', 'completed'),
    status('after', 'running'),
    status('after', 'completed'),
  ];

  it('names the steps completed by the time of the snapshot, not the todo_task, its sub-agents or later steps', () => {
    expect(stepsCompletedAtSnapshot(events, 'work', 2)).toEqual(['ask', 'gather']);
    expect(stepsCompletedAtSnapshot(events, 'work', 9)).toEqual(['ask', 'gather']);
  });

  it('cuts at the snapshot a branch starts from: a step completed after iteration 1 is not carried from it', () => {
    const late = [...events.slice(0, 11), snapshot(1), status('side', 'completed'), snapshot(2)];
    expect(stepsCompletedAtSnapshot(late, 'work', 1)).toEqual(['ask', 'gather']);
    expect(stepsCompletedAtSnapshot(late, 'work', 2)).toEqual(['ask', 'gather', 'side']);
  });

  it('carries nothing without a snapshot at or before the iteration', () => {
    expect(stepsCompletedAtSnapshot(events, 'work', 0)).toEqual([]);
    expect(stepsCompletedAtSnapshot(events, 'other', 2)).toEqual([]);
  });
});
