import { describe, expect, it } from 'vitest';
import { FIXTURE_WORKFLOWS, fixtureJson } from '../test-support/fixtures';
import { readPlan } from './read-plan';
import { asKnownStep, stepKind } from './step';
import { walkSteps } from './walk';

describe('readPlan', () => {
  it.each(FIXTURE_WORKFLOWS)('reads %s without schema errors', (workflow) => {
    const result = readPlan(fixtureJson(workflow, 'plan.json'));
    expect(result.ok ? [] : result.details).toEqual([]);
  });

  it('keeps unknown keys at every level', () => {
    const raw = {
      run_mode: 'auto',
      steps: [
        {
          type: 'todo_task',
          id: 't',
          author_notes: 'x',
          predefined_routes: [{ route_id: 'r', max_calls: 3, sub_agent_step: { id: 's', extra: [1] } }],
        },
      ],
    };
    const result = readPlan(raw);
    if (!result.ok) throw new Error(JSON.stringify(result.details));
    expect(result.plan).toEqual(raw);
  });

  it('keeps a step of unknown type as an opaque step', () => {
    const result = readPlan(fixtureJson('Workflow/UnknownStepType', 'plan.json'));
    if (!result.ok) throw new Error('expected ok');
    const kinds = result.plan.steps.map((s) => stepKind(s));
    expect(kinds).toContain('unknown');
    const opaque = result.plan.steps.find((s) => stepKind(s) === 'unknown');
    expect(opaque && asKnownStep(opaque)).toBeUndefined();
  });

  it('reads a sub-agent step without type as regular', () => {
    const result = readPlan(fixtureJson('Workflow/UnknownStepType', 'plan.json'));
    if (!result.ok) throw new Error('expected ok');
    const subAgents = [...walkSteps(result.plan)].filter((v) => v.scope === 'sub_agent');
    expect(subAgents.some((v) => v.step.type === undefined && stepKind(v.step) === 'regular')).toBe(true);
  });

  it('reports each schema problem with its JSONPath', () => {
    const result = readPlan({
      steps: [
        { type: 'todo_task', id: 't', predefined_routes: [{ route_id: 5 }] },
        { type: 'regular' },
        { type: 'conditional', id: 'c', if_true_steps: [{ type: 'human_input', id: 'h', options: 'x' }] },
      ],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    // The id-less step is not a schema problem: it gets its display id, and the checks report it.
    expect(result.details.map((d) => d.path)).toEqual(['$.steps[0].predefined_routes[0].route_id', '$.steps[2].if_true_steps[0].options']);
    expect(result.partial?.steps[1]?.id).toBe('$.steps[1]');
  });

  it('rejects a document without steps', () => {
    const result = readPlan({ objective: 'x' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.details[0]?.path).toBe('$.steps');
  });

  it('accepts null for optional fields as Go writes them', () => {
    const result = readPlan({ steps: [{ type: 'regular', id: 'a', context_dependencies: null, next_step_id: null }] });
    expect(result.ok).toBe(true);
  });
});

describe('readPlan with a plan validated before', () => {
  const base = {
    objective: 'o',
    steps: [
      { type: 'regular', id: 'a', title: 'A' },
      { type: 'routing', id: 'r', routes: [{ route_id: 'x', next_step_id: 'end' }] },
    ],
  };
  const validated = (() => {
    const read = readPlan(base);
    if (!read.ok) throw new Error('fixture invalid');
    return read.plan;
  })();

  it('answers what a full validation answers, for changed steps, new steps and the top level', () => {
    const edits: unknown[] = [
      { ...base, steps: [{ ...base.steps[0], title: 'B' }, base.steps[1]] },
      { ...base, steps: [{ ...base.steps[0], title: 5 }, base.steps[1]] },
      { ...base, steps: [...base.steps, { type: 'human_input', id: 'h', options: 'x' }] },
      { ...base, objective: 7 },
      { ...base, orphan_steps: [{ type: 'regular', id: 'o', has_loop: 'yes' }] },
      { ...base, steps: 'none' },
    ];
    for (const edit of edits) {
      const full = readPlan(edit);
      const incremental = readPlan(edit, { validated });
      expect(incremental.ok).toBe(full.ok);
      if (!full.ok && !incremental.ok) expect(incremental.details).toEqual(full.details);
    }
  });
});
