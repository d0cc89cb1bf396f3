import { describe, expect, it } from 'vitest';
import { planToFlow } from '../flow/plan-to-flow';
import { loadFixturePlan } from '../test/fixtures';
import { toLayoutInput } from './layout-input';
import { layoutInputText, layoutKey } from './layout-key';

const keyOf = (plan: Parameters<typeof planToFlow>[0], direction: 'LR' | 'TB') => {
  const flow = planToFlow(plan, { direction });
  const input = toLayoutInput(flow.nodes, flow.edges, direction);
  return layoutKey(layoutInputText(input.nodes, input.edges), direction, input.nodes.length);
};

describe('layoutKey', () => {
  const plan = loadFixturePlan('Workflow/ResearchReport').plan;

  it('is the same for the same geometry, also when text that does not change sizes is edited', () => {
    expect(keyOf(plan, 'LR')).toBe(keyOf(structuredClone(plan), 'LR'));
    const retitled = structuredClone(plan);
    (retitled.steps[0] as { title?: string }).title = 'X'.repeat(((plan.steps[0] as { title?: string }).title ?? '').length);
    expect(keyOf(retitled, 'LR')).toBe(keyOf(plan, 'LR'));
  });

  it('changes with the direction and with any structural edit', () => {
    expect(keyOf(plan, 'TB')).not.toBe(keyOf(plan, 'LR'));
    const shorter = { ...plan, steps: plan.steps.slice(0, -1) };
    expect(keyOf(shorter, 'LR')).not.toBe(keyOf(plan, 'LR'));
    const rewired = structuredClone(plan);
    (rewired.steps[0] as { next_step_id?: string }).next_step_id = 'end';
    expect(keyOf(rewired, 'LR')).not.toBe(keyOf(plan, 'LR'));
  });

  it('fits the server’s 200-character limit', () => {
    expect(keyOf(plan, 'LR').length).toBeLessThanOrEqual(200);
    expect(keyOf(plan, 'LR')).toMatch(/^v\d+-[0-9a-z]+-[0-9a-z]+-[0-9a-z]+$/);
  });
});
