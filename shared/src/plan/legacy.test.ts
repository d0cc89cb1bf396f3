import { describe, expect, it } from 'vitest';
import { fixtureJson } from '../test-support/fixtures';
import { promoteLegacyPlan } from './legacy';
import { readPlan } from './read-plan';
import { walkSteps } from './walk';

describe('promoteLegacyPlan', () => {
  it('fills only empty outer fields from the inner step and drops todo_task_step', () => {
    const raw = {
      steps: [
        {
          type: 'todo_task',
          id: 'outer',
          description: 'outer wins',
          success_criteria: '',
          todo_task_step: { type: 'regular', id: 'inner', description: 'inner', success_criteria: 'from inner', context_output: 'x.json' },
          predefined_routes: [],
        },
      ],
    };
    const { value, legacy, promotions } = promoteLegacyPlan(raw);
    expect(legacy).toBe(true);
    expect(value).toEqual({
      steps: [{ type: 'todo_task', id: 'outer', description: 'outer wins', success_criteria: 'from inner', context_output: 'x.json', predefined_routes: [] }],
    });
    expect(promotions).toEqual([{ path: '$.steps[0]', outerId: 'outer', innerId: 'inner', promoted: ['success_criteria', 'context_output'] }]);
    // The input is not modified.
    expect(raw.steps[0]).toHaveProperty('todo_task_step');
  });

  it('recurses into routes and branches', () => {
    const raw = {
      steps: [
        {
          type: 'conditional',
          id: 'c',
          if_true_steps: [{ type: 'todo_task', id: 'b', todo_task_step: { id: 'b-inner', description: 'd' } }],
        },
        {
          type: 'todo_task',
          id: 'flat',
          predefined_routes: [{ route_id: 'r', sub_agent_step: { type: 'todo_task', id: 'sub', todo_task_step: { id: 'sub-inner', description: 's' } } }],
        },
      ],
    };
    const { value, promotions } = promoteLegacyPlan(raw);
    expect(promotions.map((p) => p.path)).toEqual(['$.steps[0].if_true_steps[0]', '$.steps[1].predefined_routes[0].sub_agent_step']);
    expect(JSON.stringify(value)).not.toContain('todo_task_step');
  });

  it('leaves a flat plan as the same object', () => {
    const raw = fixtureJson('Workflow/ResearchReport', 'plan.json');
    const result = promoteLegacyPlan(raw);
    expect(result.legacy).toBe(false);
    expect(result.value).toBe(raw);
  });

  it('reads the legacy fixture flat, nested sub-agent todo_task included', () => {
    const result = readPlan(fixtureJson('Workflow/LegacyOnboarding', 'plan.json'));
    if (!result.ok) throw new Error(JSON.stringify(result.details));
    expect(result.legacy).toBe(true);
    expect(result.promotions.length).toBe(2);
    for (const { step } of walkSteps(result.plan)) expect(step).not.toHaveProperty('todo_task_step');
    const outer = result.plan.steps.find((s) => s.type === 'todo_task');
    expect(outer?.description).toBeTruthy();
  });
});
