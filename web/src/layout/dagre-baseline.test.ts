// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { END_NODE_ID, START_NODE_ID } from '../flow/node-data';
import { planToFlow } from '../flow/plan-to-flow';
import { loadFixturePlan } from '../test/fixtures';
import { createDagreBaselineService } from './dagre-baseline';
import { toLayoutInput } from './layout-input';

describe('the bench’s dagre baseline', () => {
  it('places every node of a plan, in direction order', async () => {
    const flow = planToFlow(loadFixturePlan('Workflow/ResearchReport').plan, { direction: 'LR' });
    const input = toLayoutInput(flow.nodes, flow.edges, 'LR');
    const result = await createDagreBaselineService().layout(input.nodes, input.edges, 'LR');
    expect(result.fallback).toBe(false);
    expect(Object.keys(result.positions).sort()).toEqual(input.nodes.map((n) => n.id).sort());
    expect(result.positions[START_NODE_ID]!.x).toBeLessThan(result.positions[END_NODE_ID]!.x);
  });
});
