import { describe, expect, it } from 'vitest';
import { resolveOrphanRefs } from './orphan-refs';
import type { Step } from './step';

describe('resolveOrphanRefs (plan_orphan_refs.go)', () => {
  const orphan = { type: 'regular', id: 'shared', title: '', description: 'Research' } as Step;

  it('runs a copy of the orphan step under the route id, titled by the route when it has none', () => {
    const routes = [{ route_id: 'research', route_name: 'Research', orphan_step_ref: 'shared' }];
    expect(resolveOrphanRefs(routes, { orphan_steps: [orphan] })).toEqual([{ ...routes[0], sub_agent_step: { ...orphan, id: 'research', title: 'Research' } }]);
    expect(orphan.id).toBe('shared');
  });

  it('leaves inline sub-agents and refs to no orphan step alone', () => {
    const inline = { route_id: 'a', sub_agent_step: { id: 'a', title: 'A' } };
    const dangling = { route_id: 'b', orphan_step_ref: 'gone' };
    const resolved = resolveOrphanRefs([inline, dangling], { orphan_steps: [orphan] });
    expect(resolved[0]).toBe(inline);
    expect(resolved[1]).toBe(dangling);
  });
});
