import { describe, expect, it } from 'vitest';
import { planToFlow } from '../../flow/plan-to-flow';
import { loadFixturePlan } from '../../test/fixtures';
import { envelope } from '../../test/log-events';
import { EMPTY_TRAIL, runTrailOf } from '../run-trail';
import { TAKEN_MARKER_ID, withTakenEdges } from './taken-edges';

const flow = planToFlow(loadFixturePlan('Workflow/ResearchReport').plan);
const byId = (edges: typeof flow.edges, id: string) => edges.find((e) => e.id === id)!;

describe('withTakenEdges', () => {
  it('draws the edges the run went along taken, with the taken arrowhead, and dims the others', () => {
    const trail = runTrailOf([
      envelope(1, 'step_status', { step_id: 'gather-sources', status: 'running' }),
      envelope(2, 'step_status', { step_id: 'gather-sources', status: 'completed' }),
      envelope(3, 'step_status', { step_id: 'research-todo', status: 'running' }),
      envelope(4, 'step_status', { step_id: 'literature', status: 'executing', parent_step_id: 'research-todo', route_id: 'literature' }),
    ]);
    const edges = withTakenEdges(flow.edges, trail);
    for (const id of ['__start__->gather-sources', 'gather-sources:next->research-todo', 'research-todo:literature->research-todo-sub-agent-literature']) {
      expect(byId(edges, id).className).toContain('is-taken');
      expect(byId(edges, id).markerEnd).toBe(TAKEN_MARKER_ID);
    }
    // Its own classes stay (tone, kind); an edge not taken keeps its arrowhead and steps back.
    expect(byId(edges, 'gather-sources:next->research-todo').className).toContain('pv-edge-tone--flow');
    const other = byId(edges, 'research-todo:fact-check->research-todo-sub-agent-fact-check');
    expect(other.className).toContain('is-untaken');
    expect(other.markerEnd).toBe(byId(flow.edges, other.id).markerEnd);
    expect(edges.filter((e) => e.className?.includes('is-taken'))).toHaveLength(4);
  });

  it('leaves the edges as they are with no run, or before the run has moved', () => {
    expect(withTakenEdges(flow.edges, null)).toBe(flow.edges);
    expect(withTakenEdges(flow.edges, EMPTY_TRAIL)).toBe(flow.edges);
    const pendingOnly = runTrailOf([envelope(1, 'step_status', { step_id: 'gather-sources', status: 'pending' })]);
    expect(withTakenEdges(flow.edges, pendingOnly)).toBe(flow.edges);
  });
});
