import { describe, expect, it } from 'vitest';
import { FIXTURE_WORKFLOWS, fixtureJson } from '../test-support/fixtures';
import { checkPlan } from './checks';
import type { Plan } from './plan';
import { readPlan } from './read-plan';

const plan = (steps: unknown[]): Plan => {
  const result = readPlan({ steps });
  if (!result.ok) throw new Error(JSON.stringify(result.details));
  return result.plan;
};
const codes = (p: Plan) => checkPlan(p).map((x) => `${x.code} ${x.path}`);

describe('checkPlan', () => {
  it.each(FIXTURE_WORKFLOWS)('finds no errors in %s', (workflow) => {
    const result = readPlan(fixtureJson(workflow, 'plan.json'));
    if (!result.ok) throw new Error('fixture must parse');
    expect(checkPlan(result.plan).filter((p) => p.severity === 'error')).toEqual([]);
  });

  it('finds duplicate ids across branches and sub-agents', () => {
    const p = plan([
      { type: 'conditional', id: 'c', if_true_steps: [{ type: 'regular', id: 'x' }] },
      { type: 'todo_task', id: 't', predefined_routes: [{ route_id: 'r', sub_agent_step: { id: 'x' } }] },
    ]);
    expect(codes(p)).toContain('duplicate_step_id $.steps[1].predefined_routes[0].sub_agent_step.id');
  });

  it('finds targets that name no step, but accepts end', () => {
    const p = plan([
      { type: 'regular', id: 'a', next_step_id: 'nowhere' },
      {
        type: 'routing',
        id: 'r',
        routes: [
          { route_id: 'x', next_step_id: 'end' },
          { route_id: 'y', next_step_id: 'gone' },
        ],
      },
      { type: 'human_input', id: 'h', response_type: 'multiple_choice', options: ['a'], option_routes: { '0': 'missing' } },
    ]);
    const found = codes(p);
    expect(found).toContain('unknown_target $.steps[0].next_step_id');
    expect(found).toContain('unknown_target $.steps[1].routes[1].next_step_id');
    expect(found).toContain('unknown_target $.steps[2].option_routes["0"]');
    expect(found.filter((c) => c.includes('routes[0]'))).toEqual([]);
  });

  it('refuses a sub-agent as a flow target', () => {
    const p = plan([{ type: 'todo_task', id: 't', next_step_id: 'sub', predefined_routes: [{ route_id: 'r', sub_agent_step: { id: 'sub' } }] }]);
    expect(codes(p)).toContain('sub_agent_target $.steps[0].next_step_id');
  });

  it('finds unreachable steps', () => {
    const p = plan([
      { type: 'regular', id: 'a', next_step_id: 'end' },
      { type: 'regular', id: 'b' },
    ]);
    expect(codes(p)).toEqual(['unreachable_step $.steps[1]']);
  });

  it('finds a routing step with fewer than 2 routes and an unknown default route', () => {
    const p = plan([{ type: 'routing', id: 'r', default_route_id: 'z', routes: [{ route_id: 'x', next_step_id: 'end' }] }]);
    expect(codes(p)).toEqual(['routing_too_few_routes $.steps[0].routes', 'unknown_default_route $.steps[0].default_route_id']);
  });

  it('finds a todo_task with no routes and no generic agent', () => {
    expect(codes(plan([{ type: 'todo_task', id: 't' }]))).toEqual(['todo_task_no_agents $.steps[0].predefined_routes']);
    expect(codes(plan([{ type: 'todo_task', id: 't', enable_generic_agent: true }]))).toEqual([]);
  });

  it('finds option routes naming no option, by index or by value', () => {
    const p = plan([
      {
        type: 'human_input',
        id: 'h',
        response_type: 'multiple_choice',
        options: ['approve', 'reject'],
        option_routes: { '0': 'end', reject: 'end', '2': 'end', maybe: 'end' },
      },
    ]);
    expect(codes(p)).toEqual(['unknown_option_route $.steps[0].option_routes["2"]', 'unknown_option_route $.steps[0].option_routes.maybe']);
  });
});
