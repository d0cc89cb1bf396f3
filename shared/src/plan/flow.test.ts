import { describe, expect, it } from 'vitest';
import { fixtureJson } from '../test-support/fixtures';
import { buildFlow, edgesFrom } from './flow';
import { readPlan } from './read-plan';

const flowOf = (raw: unknown) => {
  const result = readPlan(raw);
  if (!result.ok) throw new Error(JSON.stringify(result.details));
  return buildFlow(result.plan);
};
const targets = (flow: ReturnType<typeof buildFlow>, id: string) => edgesFrom(flow, id).map((e) => `${e.handle}->${e.target}`);

describe('buildFlow', () => {
  it('follows list order, explicit ids and end', () => {
    const flow = flowOf({
      steps: [
        { type: 'regular', id: 'a' },
        { type: 'regular', id: 'b', next_step_id: 'a' },
        { type: 'regular', id: 'c' },
      ],
    });
    expect(flow.entry).toBe('a');
    expect(targets(flow, 'a')).toEqual(['next->b']);
    expect(targets(flow, 'b')).toEqual(['next->a']);
    expect(edgesFrom(flow, 'b')[0]?.backward).toBe(true);
    expect(targets(flow, 'c')).toEqual(['next->end']);
  });

  it('runs a conditional branch then its exit', () => {
    const flow = flowOf({
      steps: [
        {
          type: 'conditional',
          id: 'c',
          if_true_steps: [
            { type: 'regular', id: 't1' },
            { type: 'regular', id: 't2' },
          ],
          if_false_next_step_id: 'z',
        },
        { type: 'regular', id: 'after' },
        { type: 'regular', id: 'z' },
      ],
    });
    expect(targets(flow, 'c')).toEqual(['true->t1', 'false->z']);
    expect(targets(flow, 't1')).toEqual(['next->t2']);
    expect(targets(flow, 't2')).toEqual(['next->after']);
  });

  it('routes human_input options by index or value, others to next', () => {
    const flow = flowOf(fixtureJson('Workflow/ResearchReport', 'plan.json'));
    const edges = edgesFrom(flow, 'editor-review');
    expect(edges.map((e) => e.handle)).toEqual(['option-0', 'option-1', 'option-2']);
    expect(edges.map((e) => e.label)).toEqual(['approve', 'reject', 'audit']);
  });

  it('gives routing one edge per route in route order', () => {
    const flow = flowOf(fixtureJson('Workflow/ResearchReport', 'plan.json'));
    expect(edgesFrom(flow, 'choose-depth').map((e) => e.kind)).toEqual(['route', 'route', 'route']);
  });

  it('handles yes/no human input and decisions', () => {
    const flow = flowOf({
      steps: [
        { type: 'human_input', id: 'h', response_type: 'yesno', if_no_next_step_id: 'end' },
        { type: 'decision', id: 'd', if_true_next_step_id: 'h' },
      ],
    });
    expect(targets(flow, 'h')).toEqual(['yes->d', 'no->end']);
    expect(targets(flow, 'd')).toEqual(['true->h', 'false->end']);
  });
});
