import { describe, expect, it } from 'vitest';
import { checkPlan } from '../plan/checks';
import { Step } from '../plan/step';
import { KNOWN_STEP_TYPES } from '../plan/step-kind-names';
import { walkDetached } from './locate';
import { createStep } from './create-step';

describe('createStep', () => {
  it.each(KNOWN_STEP_TYPES)('makes a valid %s step without graph errors', (kind) => {
    const step = createStep(kind, { title: 'Fetch Data' });
    expect(Step.safeParse(step).success).toBe(true);
    expect(step).toMatchObject({ type: kind, id: 'fetch-data', title: 'Fetch Data', description: '', success_criteria: '' });
    // A new step of a newer kind still lacks what its runtime requires (a crew's profile, a
    // branch's targets): those, and only those, are reported until the user fills them in.
    const pending = new Set(['missing_required_field', 'route_without_target', 'no_items']);
    expect(checkPlan({ steps: [step] }).filter((p) => p.severity === 'error' && !pending.has(p.code))).toEqual([]);
    expect(JSON.stringify(step)).not.toMatch(/position/);
  });

  it('gives a todo_task one predefined route with a regular sub-agent and the generic agent off', () => {
    const step = createStep('todo_task', { title: 'Research' });
    expect(step.enable_generic_agent).toBe(false);
    expect(step.predefined_routes).toEqual([
      expect.objectContaining({
        route_id: 'route-1',
        route_name: 'Route 1',
        sub_agent_step: expect.objectContaining({ type: 'regular', id: 'research-route-1' }),
      }),
    ]);
  });

  it('gives routing and orchestration two routes, conditional empty branches, human_input a text question', () => {
    expect(createStep('routing').routes?.map((r) => r.route_id)).toEqual(['route-1', 'route-2']);
    expect(createStep('orchestration').orchestration_routes?.map((r) => r.sub_agent_step?.id)).toEqual(['orchestration-route-1', 'orchestration-route-2']);
    expect(createStep('conditional')).toMatchObject({ if_true_steps: [], if_false_steps: [] });
    expect(createStep('human_input', { title: 'Ask Editor' })).toMatchObject({ response_type: 'text', question: '', variable_name: 'ask_editor' });
  });

  it('derives a unique id from the title, counting nested and sub-agent ids', () => {
    const existingIds = ['fetch-data', 'fetch-data-2', 'research-route-1'];
    expect(createStep('regular', { title: 'Fetch Data', existingIds }).id).toBe('fetch-data-3');
    const todo = createStep('todo_task', { title: 'Research', existingIds });
    expect(todo.id).toBe('research');
    expect(todo.predefined_routes?.[0]?.sub_agent_step?.id).toBe('research-route-2');
    const ids = walkDetached([todo]).map((v) => v.step.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('falls back to the kind label when the title is empty or has no letters', () => {
    expect(createStep('todo_task', { title: '   ' })).toMatchObject({ id: 'todo-task', title: 'Todo Task' });
    expect(createStep('decision', { title: '!!!' })).toMatchObject({ id: 'decision', title: '!!!' });
  });
});
