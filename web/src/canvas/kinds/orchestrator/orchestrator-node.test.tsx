import { describe, expect, it } from 'vitest';
import { planToFlow } from '../../../flow/plan-to-flow';
import type { OrchestratorNode } from '../../../flow/node-data';
import { handleSides, renderCanvasNode } from '../../../test/render-canvas-node';
import { loadGenerationFixture } from '../../../test/fixtures';

const { plan, stepConfig } = loadGenerationFixture('AgentworksKeysOnLine');
const node = planToFlow(plan, { stepConfig }).nodes.find((n): n is OrchestratorNode => n.type === 'orchestrator')!;

describe('OrchestratorNode', () => {
  it("draws agentworks' orchestrator as a todo_task: a handle per route, the generic agent (always on in this generation) and next", async () => {
    const lr = await renderCanvasNode(node, 'LR');
    expect(handleSides(lr.wrapper)).toEqual({ source: { pricing: 'right', usage: 'right', generic: 'right', next: 'right' }, target: { in: 'left' } });
    expect([...lr.wrapper.querySelectorAll('.pv-port-label')].map((l) => l.textContent)).toEqual(['Pricing analyst', 'Usage analyst', 'Generic agent', 'Next']);
    expect(lr.getByTestId('routes-count')).toHaveTextContent('2 routes');
    expect(lr.getByTestId('generic-agent-indicator')).toBeInTheDocument();
    expect(lr.getByTestId('open-execution-logs')).toBeInTheDocument();
    expect(lr.wrapper).toHaveTextContent('Orchestrator');
    lr.unmount();
    const tb = await renderCanvasNode(node, 'TB');
    expect(handleSides(tb.wrapper)).toEqual({ source: { pricing: 'bottom', usage: 'bottom', generic: 'bottom', next: 'bottom' }, target: { in: 'top' } });
  });
});
