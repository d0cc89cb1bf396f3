import { describe, expect, it } from 'vitest';
import type { Plan } from '@planvas/shared';
import { activeTodoStep, todoStepChoices, todoStepLabel } from './todo-steps';

const todoTask = (id: string, title?: string) => ({ type: 'todo_task', id, ...(title ? { title } : {}), predefined_routes: [] });
const plan = {
  steps: [
    todoTask('first', 'First'),
    { type: 'conditional', id: 'gate', condition_question: 'x', if_true_steps: [todoTask('nested', 'Nested')], if_false_steps: [] },
    todoTask('last'),
  ],
} as unknown as Plan;
const run = (patch: Partial<Parameters<typeof todoStepChoices>[1]> = {}) => ({ todosByStep: {}, stepStatuses: {}, currentTodoStepId: null, ...patch });

describe('todoStepChoices', () => {
  it("takes the plan's todo_task steps in document order, nested ones too, then steps only the run knows", () => {
    const choices = todoStepChoices(plan, run({ todosByStep: { external: { stepId: 'external', todos: [], iteration: 0 } } }));
    expect(choices.map((c) => [c.stepId, c.title])).toEqual([
      ['first', 'First'],
      ['nested', 'Nested'],
      ['last', 'last'],
      ['external', 'external'],
    ]);
  });
});

describe('activeTodoStep', () => {
  it('is the step at work, else the one whose todos changed last, else the last that ran, else none', () => {
    expect(activeTodoStep(todoStepChoices(plan, run()), run())).toBeNull();
    const ended = run({ stepStatuses: { first: 'completed', nested: 'failed' } });
    expect(activeTodoStep(todoStepChoices(plan, ended), ended)).toBe('nested');
    const changed = run({ stepStatuses: { first: 'completed', nested: 'completed' }, currentTodoStepId: 'first' });
    expect(activeTodoStep(todoStepChoices(plan, changed), changed)).toBe('first');
    const working = run({ stepStatuses: { first: 'completed', last: 'executing' }, currentTodoStepId: 'first' });
    expect(activeTodoStep(todoStepChoices(plan, working), working)).toBe('last');
  });
});

describe('todoStepLabel', () => {
  it('says where the step is and its count', () => {
    expect(todoStepLabel({ stepId: 'a', title: 'A' })).toBe('A · not run yet');
    expect(todoStepLabel({ stepId: 'a', title: 'A', status: 'running', counts: { completed: 2, total: 5 } })).toBe('A · running · 2/5');
    expect(todoStepLabel({ stepId: 'a', title: 'A', status: 'pending', counts: { completed: 0, total: 3 } })).toBe('A · 0/3');
  });
});
