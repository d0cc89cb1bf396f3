import { describe, expect, it } from 'vitest';
import { planToFlow } from '../flow/plan-to-flow';
import { fixtureWorkflowIds, loadFixturePlan } from '../test/fixtures';
import { toLayoutInput } from './layout-input';

describe('toLayoutInput', () => {
  it.each(fixtureWorkflowIds().flatMap((id) => [[id, 'LR'] as const, [id, 'TB'] as const]))(
    'reads the sizes and handles planToFlow put on the nodes as the registry gives them (%s, %s)',
    (workflow, direction) => {
      const flow = planToFlow(loadFixturePlan(workflow).plan, { direction });
      const bare = flow.nodes.map(({ width: _w, height: _h, handles: _handles, ...node }) => node);
      expect(toLayoutInput(flow.nodes, flow.edges, direction)).toEqual(toLayoutInput(bare as typeof flow.nodes, flow.edges, direction));
    },
  );
});
