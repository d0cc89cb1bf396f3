import { describe, expect, it } from 'vitest';
import { checkStepConfig } from '../step-config/checks';
import { checkPlan } from './checks';
import { detectGeneration } from './detect-generation';
import type { Generation } from './generations';
import type { Plan } from './plan';
import { readPlan } from './read-plan';

type Json = Record<string, unknown>;
const plan = (steps: Json[], extra: Json = {}) => ({ steps, ...extra }) as unknown as Plan;
const codes = (p: Plan, generation?: Generation) =>
  checkPlan(p, generation ? { generation } : {})
    .filter((x) => x.code !== 'unreachable_step')
    .map((x) => `${x.severity} ${x.code} ${x.path}`);

const sub = (id: string) => ({ id, title: id, description: 'd' });
const todo = (id: string, routes: Json[], extra: Json = {}) => ({
  type: 'todo_task',
  id,
  title: id,
  description: 'd',
  next_step_id: 'end',
  predefined_routes: routes.map((route) => ({ route_name: `Route ${String(route.route_id)}`, ...route })),
  ...extra,
});

describe('generation rules (coding-agent-loop / agentworks planning_agent.go, planning_management.go)', () => {
  it('reports "no routes and no generic agent" only in the seed generation, which had the switch', () => {
    const p = plan([todo('t', [])]);
    expect(codes(p, 'seed')).toContain('error todo_task_no_agents $.steps[0].predefined_routes');
    expect(codes(p, 'loop')).not.toContainEqual(expect.stringContaining('todo_task_no_agents'));
  });

  it('wants the sub-agent id to be the route id from coding-agent-loop on, not in the seed era', () => {
    const p = plan([todo('t', [{ route_id: 'r', route_name: 'R', sub_agent_step: sub('t-r') }])]);
    expect(codes(p, 'loop')).toEqual(['error sub_agent_id_mismatch $.steps[0].predefined_routes[0].sub_agent_step.id']);
    expect(codes(p, 'seed')).toEqual([]);
    expect(codes(plan([todo('t', [{ route_id: 'r', sub_agent_step: sub('r') }])]), 'loop')).toEqual([]);
  });

  it('checks orphan refs: present, shared with the referring step, not both ref and sub-agent (plan_orphan_refs.go)', () => {
    const orphan = (shared: Json | undefined) => ({ type: 'regular', id: 'o', title: 'O', ...(shared ? { shared_with: shared } : {}) });
    const routes = [{ route_id: 'r', orphan_step_ref: 'o' }];
    expect(codes(plan([todo('t', routes)], { orphan_steps: [orphan({ orchestrator_ids: ['t'] })] }))).toEqual([]);
    expect(codes(plan([todo('t', routes)], { orphan_steps: [orphan(undefined)] }))).toEqual([
      'error orphan_not_shared $.steps[0].predefined_routes[0].orphan_step_ref',
    ]);
    expect(codes(plan([todo('t', [{ route_id: 'r', orphan_step_ref: 'gone' }])], { orphan_steps: [orphan({ orchestrator_ids: ['t'] })] }))).toEqual([
      'error unknown_orphan_ref $.steps[0].predefined_routes[0].orphan_step_ref',
    ]);
    expect(
      codes(plan([todo('t', [{ route_id: 'r', orphan_step_ref: 'o', sub_agent_step: sub('r') }])], { orphan_steps: [orphan({ orchestrator_ids: ['t'] })] })),
    ).toEqual(['error orphan_ref_and_sub_agent $.steps[0].predefined_routes[0].sub_agent_step']);
    expect(codes(plan([todo('t', routes)], { orphan_steps: [orphan({ orchestrator_ids: ['t', 'ghost'] })] }))).toEqual([
      'error unknown_shared_with $.orphan_steps[0].shared_with.orchestrator_ids[1]',
    ]);
  });

  it('reads agentworks agent_ids sharing and detects the agent generation from it', () => {
    const p = plan(
      [
        {
          type: 'agent',
          id: 'a',
          title: 'A',
          description: 'd',
          items: [{ id: 'i1', type: 'user_message', message: 'go' }],
          predefined_routes: [{ route_id: 'r', route_name: 'R', orphan_step_ref: 'o' }],
        },
      ],
      { orphan_steps: [{ type: 'regular', id: 'o', title: 'O', shared_with: { agent_ids: ['a'] } }] },
    );
    expect(detectGeneration(p).generation).toBe('agent');
    expect(codes(p)).toEqual([]);
  });

  it('finds duplicate ids across steps, sub-agents and orphan steps, but not across items', () => {
    const p = plan(
      [
        todo('t', [{ route_id: 'x', sub_agent_step: sub('x') }]),
        { type: 'message_sequence', id: 'm', title: 'M', description: 'd', items: [{ id: 't', type: 'user_message', message: 'hi' }] },
      ],
      { orphan_steps: [{ type: 'regular', id: 'x', title: 'X' }] },
    );
    expect(codes(p)).toEqual(['error duplicate_step_id $.orphan_steps[0].id']);
  });

  it('checks items: ids present and unique per step, older and removed types, at least one item', () => {
    const p = plan([
      {
        type: 'message_sequence',
        id: 'm',
        title: 'M',
        description: 'd',
        next_step_id: 'n',
        items: [
          { id: 'a', type: 'user_message', message: 'x' },
          { id: 'a', type: 'message', message: 'y' },
          { type: 'code' },
          { id: 'b', type: '', message: 'z' },
        ],
      },
      { type: 'message_sequence', id: 'n', title: 'N', description: 'd', items: [] },
    ]);
    // agentworks reads the older `message` type; coding-agent-loop's message_sequence refuses it.
    expect(codes(p, 'loop')).toContain('error unknown_item_type $.steps[0].items[1].type');
    expect(codes(p, 'agentworks')).toEqual([
      'error duplicate_item_id $.steps[0].items[1].id',
      'info legacy_item_type $.steps[0].items[1].type',
      'error missing_item_id $.steps[0].items[2].id',
      'error removed_item_type $.steps[0].items[2].type',
      'error no_items $.steps[1].items',
    ]);
  });

  it('checks branch routes: two at least, targets, default route; value cases by route id or a unique target', () => {
    const branch = (extra: Json) => ({
      type: 'branch',
      id: 'b',
      title: 'B',
      branch_question: 'Which?',
      routes: [
        { route_id: 'yes', route_name: 'Yes', next_step_id: 'end' },
        { route_id: 'no', route_name: 'No', next_step_id: 'end' },
      ],
      ...extra,
    });
    expect(codes(plan([branch({ default_route_id: 'yes', value_path: '{{input.answer}}', value_cases: { y: 'yes', n: 'no' } })]))).toEqual([]);
    expect(codes(plan([branch({ default_route_id: 'maybe', value_cases: { q: 'elsewhere' } })]))).toEqual([
      'error unknown_default_route $.steps[0].default_route_id',
      'warning unknown_case_route $.steps[0].value_cases.q',
    ]);
    expect(codes(plan([branch({ routes: [{ route_id: 'only', route_name: 'Only' }] })]))).toEqual([
      'error routing_too_few_routes $.steps[0].routes',
      'error route_without_target $.steps[0].routes[0].next_step_id',
    ]);
  });

  it('gives kinds a generation no longer accepts or renamed a notice, not an error', () => {
    const p = plan([
      { type: 'message_sequence', id: 'm', title: 'M', description: 'd', items: [{ id: 'i', type: 'user_message', message: 'x' }] },
      { type: 'conditional', id: 'c', title: 'C' },
    ]);
    expect(codes(p)).toEqual(['info retired_step_kind $.steps[1].type']);
    expect(checkPlan(p).find((x) => x.code === 'retired_step_kind')?.message).toMatch(/coding-agent-loop/);
    const aliased = plan([
      todo('t', [{ route_id: 'r', sub_agent_step: sub('r') }]),
      { type: 'crew', id: 'c', title: 'C', crew_profile_id: 'p', crew_project_id: 'q', trigger_id: 't', instruction: 'i' },
    ]);
    expect(detectGeneration(aliased).generation).toBe('agentworks');
    expect(codes(aliased)).toEqual(['info legacy_step_kind $.steps[0].type']);
  });

  it('requires what the generation requires (a crew step without profile, a routing question)', () => {
    expect(codes(plan([{ type: 'crew', id: 'c', title: 'C', crew_project_id: 'q', trigger_id: 't', instruction: 'i' }]))).toEqual([
      'error missing_required_field $.steps[0].crew_profile_id',
    ]);
    const routing = {
      type: 'routing',
      id: 'r',
      routes: [
        { route_id: 'a', next_step_id: 'end' },
        { route_id: 'b', next_step_id: 'end' },
      ],
    };
    expect(codes(plan([routing]), 'seed')).toEqual([]);
    expect(codes(plan([routing]), 'loop')).toEqual(['error missing_required_field $.steps[0].routing_question']);
  });

  it('counts jumps to sub-agent and orphan steps as known (the loader does) but warns', () => {
    const p = plan([{ type: 'regular', id: 'a', next_step_id: 'o' }], { orphan_steps: [{ type: 'regular', id: 'o' }] });
    expect(codes(p)).toEqual(['warning sub_agent_target $.steps[0].next_step_id']);
  });
});

describe('plans that break the schema or lack ids', () => {
  it('still reports dangling targets next to a schema problem', () => {
    const read = readPlan({
      steps: [
        { type: 'regular', id: 'a', title: 5, next_step_id: 'gone' },
        { type: 'routing', id: 'r', routes: 'x' },
      ],
    });
    expect(read.ok).toBe(false);
    if (read.ok || !read.partial) throw new Error('expected a partial plan');
    expect(codes(read.partial)).toContain('error unknown_target $.steps[0].next_step_id');
  });

  it('gives id-less steps their path as id, reports them, and reads untyped steps as regular', () => {
    const read = readPlan({ steps: [{ title: 'first' }, { title: 'second', next_step_id: 'end' }] });
    if (!read.ok) throw new Error(JSON.stringify(read.details));
    expect(read.plan.steps.map((s) => s.id)).toEqual(['$.steps[0]', '$.steps[1]']);
    expect(read.plan.steps.map((s) => s.type)).toEqual([undefined, undefined]);
    expect(codes(read.plan)).toEqual(['error missing_step_id $.steps[0].id', 'error missing_step_id $.steps[1].id']);
  });
});

describe('step_config', () => {
  it('does not call reserved __…__ entries orphans', () => {
    const p = plan([{ type: 'regular', id: 'a' }]);
    const problems = checkStepConfig(p, { steps: [{ id: 'a' }, { id: '__workflow_drift_review__' }, { id: '__evaluation_scoring__' }, { id: 'gone' }] });
    expect(problems.map((x) => `${x.code} ${x.stepId}`)).toEqual(['orphan_step_config gone']);
  });
});

describe('more loader rules (validateHumanInputStepFieldsTyped, item contents, routes, nesting)', () => {
  it('checks human_input answers against their routes from coding-agent-loop on', () => {
    const ask = (extra: Json) =>
      plan([
        { type: 'human_input', id: 'h', question: 'Go?', ...extra },
        { type: 'regular', id: 'x' },
      ]);
    expect(codes(ask({ response_type: 'yesno', if_yes_next_step_id: 'x', if_no_next_step_id: 'end' }), 'loop')).toEqual([]);
    expect(codes(ask({ response_type: 'text', if_yes_next_step_id: 'x' }), 'loop')).toEqual(['error answer_route_mismatch $.steps[0].if_yes_next_step_id']);
    expect(codes(ask({ response_type: 'audio' }), 'loop')).toEqual(['error unknown_response_type $.steps[0].response_type']);
    expect(codes(ask({ response_type: 'multiple_choice' }), 'loop')).toEqual(['error missing_required_field $.steps[0].options']);
    expect(codes(ask({ response_type: 'multiple_choice', options: ['a', 'b'], option_routes: { '0': 'x' } }), 'loop')).toEqual([
      'error unrouted_option $.steps[0].options[1]',
    ]);
    expect(codes(ask({ response_type: 'multiple_choice', options: ['a', 'b'], option_routes: { '0': 'x' }, next_step_id: 'end' }), 'loop')).toEqual([]);
    expect(codes(ask({ response_type: 'text', if_yes_next_step_id: 'x' }), 'seed')).toEqual([]);
  });

  it('checks what each item type needs', () => {
    const seq = (items: Json[], extra: Json = {}) => plan([{ type: 'message_sequence', id: 'm', title: 'M', description: 'd', items, ...extra }]);
    expect(
      codes(
        seq([
          { id: 'a', type: 'user_message' },
          { id: 'b', type: 'foreach', message: 'each' },
          { id: 'c', type: 'prevalidation' },
        ]),
      ),
    ).toEqual([
      'error missing_required_field $.steps[0].items[0].message',
      'error missing_required_field $.steps[0].items[1].source_sql',
      'error missing_required_field $.steps[0].items[2].validation_schema',
    ]);
    expect(codes(seq([{ id: 'c', type: 'prevalidation' }], { validation_schema: { files: [] } }))).toEqual([]);
  });

  it('wants route names and sub-agent titles, one layer of nested delegation, crews that wait 0 s or more', () => {
    expect(codes(plan([{ ...todo('t', []), predefined_routes: [{ route_id: 'r', sub_agent_step: { id: 'r' } }] }]), 'loop')).toEqual([
      'error missing_required_field $.steps[0].predefined_routes[0].route_name',
      'error missing_required_field $.steps[0].predefined_routes[0].sub_agent_step.title',
    ]);
    const inner = todo('r2', [{ route_id: 'r3', sub_agent_step: sub('r3') }], { id: 'r2', type: 'todo_task' });
    const middle = todo('r1', [{ route_id: 'r2', sub_agent_step: inner }]);
    const deep = plan([todo('t', [{ route_id: 'r1', sub_agent_step: middle }])]);
    expect(codes(deep, 'loop')).toContain('error nesting_too_deep $.steps[0].predefined_routes[0].sub_agent_step.predefined_routes[0].sub_agent_step.type');
    expect(codes(plan([todo('t', [{ route_id: 'r1', sub_agent_step: todo('r1', [{ route_id: 'r2', sub_agent_step: sub('r2') }]) }])]), 'loop')).toEqual([]);
    expect(
      codes(plan([{ type: 'crew', id: 'c', title: 'C', crew_profile_id: 'p', crew_project_id: 'q', trigger_id: 't', instruction: 'i', timeout_seconds: -5 }])),
    ).toEqual(['error invalid_value $.steps[0].timeout_seconds']);
  });

  it('shares orphan steps only with the kind the generation delegates with', () => {
    const withShared = (steps: Json[], ids: string[]) =>
      plan(steps, { orphan_steps: [{ type: 'regular', id: 'o', title: 'O', shared_with: { orchestrator_ids: ids } }] });
    const seqStep = { type: 'message_sequence', id: 'm', title: 'M', description: 'd', items: [{ id: 'i', message: 'x' }] };
    expect(codes(withShared([todo('t', []), seqStep], ['m']), 'loop')).toEqual(['error unknown_shared_with $.orphan_steps[0].shared_with.orchestrator_ids[0]']);
    expect(codes(withShared([todo('t', []), seqStep], ['t']), 'loop')).toEqual([]);
  });
});

describe('messages, scripted items, authored prompts, orphan clones', () => {
  it("checks a todo_task's older messages by type", () => {
    const p = plan([todo('t', [], { messages: [{ type: 'message' }, { type: 'foreach', message: 'x', source_sql: 'select 1' }, { type: 'scripted' }] })]);
    expect(codes(p, 'loop')).toEqual(['error missing_required_field $.steps[0].messages[0].message', 'error unknown_item_type $.steps[0].messages[2].type']);
  });

  it("checks agentworks' scripted items and what they call", () => {
    const agent = (items: Json[]) =>
      plan([{ type: 'agent', id: 'a', title: 'A', description: 'd', items }], {
        orphan_steps: [
          { type: 'regular', id: 'script', title: 'S', script_only: true, validation_schema: { files: [{ file_name: 'out.json', must_exist: true }] } },
          { type: 'regular', id: 'plain', title: 'P' },
        ],
      });
    expect(
      codes(
        agent([
          { id: 'run', type: 'scripted', scripted_steps: [{ id: 'c1', step_id: 'script' }], max_parallel: 2 },
          { id: 'go', type: 'user_message', message: 'go' },
        ]),
      ),
    ).toEqual([]);
    expect(
      codes(
        agent([
          {
            id: 'run',
            type: 'scripted',
            scripted_steps: [
              { id: 'c1', step_id: 'plain' },
              { id: 'c1', step_id: 'script' },
            ],
            max_parallel: 9,
            message: 'no',
          },
        ]),
      ),
    ).toEqual([
      'error invalid_value $.steps[0].items[0].max_parallel',
      'error invalid_value $.steps[0].items[0].message',
      'error invalid_value $.steps[0].items[0].scripted_steps[1].id',
      'error unknown_script_step $.steps[0].items[0].scripted_steps[0].step_id',
    ]);
    expect(codes(agent([{ id: 'u', type: 'user_message', message: 'x', max_parallel: 1 }]))).toEqual(['error invalid_value $.steps[0].items[0].max_parallel']);
  });

  it('wants an authored prompt to have its system prompt and end with a user message', () => {
    const p = plan([
      {
        type: 'agent',
        id: 'a',
        title: 'A',
        description: 'd',
        authored_prompt: true,
        items: [
          { id: 'i', type: 'user_message', message: 'x' },
          { id: 'f', type: 'foreach', message: 'y', source_sql: 's' },
        ],
      },
    ]);
    expect(codes(p)).toEqual([
      'error missing_required_field $.steps[0].system_prompt',
      'error invalid_value $.steps[0].items[1].type',
      'error invalid_value $.steps[0].items[1]',
    ]);
  });

  it("counts an orphan clone's id (its route id) in the one id namespace", () => {
    const p = plan([todo('t', [{ route_id: 'dup', orphan_step_ref: 'o' }]), { type: 'regular', id: 'dup' }], {
      orphan_steps: [{ type: 'regular', id: 'o', title: 'O', shared_with: { orchestrator_ids: ['t'] } }],
    });
    expect(codes(p, 'loop')).toEqual(['error duplicate_step_id $.steps[0].predefined_routes[0].route_id']);
    expect(codes(p, 'seed')).not.toContain('error duplicate_step_id $.steps[0].predefined_routes[0].route_id');
  });
});
