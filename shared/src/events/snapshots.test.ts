import { describe, expect, it } from 'vitest';
import { todoStateAt } from './snapshots';

const snap = (iteration: number, objective: string, step_id = 's') => ({ type: 'todo_snapshot', data: { step_id, iteration, objective, todos: [] } });

describe('todoStateAt', () => {
  it('returns the snapshot of the iteration, else the latest earlier one, for that step only', () => {
    const events = [snap(0, 'zero'), snap(1, 'one'), snap(3, 'three'), snap(2, 'other step', 't')];
    expect(todoStateAt(events, { stepId: 's', iteration: 1 })?.objective).toBe('one');
    expect(todoStateAt(events, { stepId: 's', iteration: 2 })?.objective).toBe('one');
    expect(todoStateAt(events, { stepId: 's', iteration: 7 })?.objective).toBe('three');
    expect(todoStateAt(events, { stepId: 't', iteration: 1 })).toBeUndefined();
  });
});
