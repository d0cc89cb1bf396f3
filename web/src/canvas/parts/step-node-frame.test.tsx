import { describe, expect, it } from 'vitest';
import type { StepConfig } from '@planvas/shared';
import { planToFlow } from '../../flow/plan-to-flow';
import { renderCanvasNode } from '../../test/render-canvas-node';
import { loadGenerationFixture } from '../../test/fixtures';

describe('StepNodeFrame (every step node)', () => {
  it('shows the execution mode its step_config declares, with the reason as tooltip', async () => {
    const { plan, stepConfig } = loadGenerationFixture('LoopTabsHugged');
    const modes = planToFlow(plan, { stepConfig }).nodes.filter((n) => 'executionMode' in n.data);
    expect(modes.length).toBeGreaterThanOrEqual(2);
    const { getByTestId } = await renderCanvasNode(modes[0]!, 'LR');
    const chip = getByTestId('execution-mode');
    expect(['scripted', 'agentic']).toContain(chip.dataset.mode);
    expect(chip.title).toMatch(/^Execution mode: (scripted|agentic) — /);
  });

  it('marks the older names learn_code and code_exec as such', async () => {
    const { plan } = loadGenerationFixture('LoopTabsHugged');
    const stepConfig: StepConfig = {
      steps: [{ id: 'load-tickets', agent_configs: { declared_execution_mode: 'learn_code', declared_execution_mode_reason: 'Same export daily.' } }],
    };
    const node = planToFlow(plan, { stepConfig }).nodes.find((n) => n.id === 'load-tickets')!;
    const { getByTestId } = await renderCanvasNode(node, 'LR');
    expect(getByTestId('execution-mode')).toHaveTextContent('learn_code');
    expect(getByTestId('execution-mode').title).toBe('Execution mode: learn_code (older name of scripted) — Same export daily.');
  });

  it('draws an id-less step under its display id with a "no id" chip and its problem badge', async () => {
    const { plan, problems } = loadGenerationFixture('OldestIdless');
    const node = planToFlow(plan, { problems }).nodes.find((n) => n.id === '$.steps[0]')!;
    const { getByTestId, wrapper } = await renderCanvasNode(node, 'LR');
    expect(getByTestId('display-id')).toHaveTextContent('no id');
    expect(getByTestId('display-id').title).toContain('$.steps[0]');
    expect(wrapper.querySelector('.pv-node')).toHaveAttribute('data-step-kind', 'regular');
    expect(wrapper.querySelector('[data-testid="problems-badge"]')).not.toBeNull();
  });
});
