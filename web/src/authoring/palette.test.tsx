import { describe, expect, it } from 'vitest';
import { fireEvent, render, within } from '@testing-library/react';
import { asKnownStep, type OrchestratorStep } from '@planvas/shared';
import { StoreProvider } from '../store/store-context';
import { Palette } from './palette';
import { generationDocument, storeWithDocument } from '../test/authoring-store';

function renderPalette(workflowId?: string) {
  const store = workflowId ? storeWithDocument(generationDocument(workflowId)) : storeWithDocument();
  const utils = render(
    <StoreProvider store={store}>
      <Palette />
    </StoreProvider>,
  );
  return { store, palette: utils.getByTestId('palette'), unmount: utils.unmount };
}

const offered = (palette: HTMLElement) =>
  within(palette)
    .queryAllByTestId(/^palette-item-/)
    .map((el) => el.dataset.stepKind);

describe('Palette by the file’s generation', () => {
  it('offers a seed file the seed kinds, and an agentworks file its own names, each saying why the others are not offered', () => {
    const seed = renderPalette();
    expect(offered(seed.palette)).toEqual(['regular', 'todo_task', 'routing', 'human_input', 'orchestration', 'conditional', 'decision']);
    seed.unmount();
    const { palette } = renderPalette('AgentworksCompact');
    expect(palette).toHaveAttribute('data-generation', 'agentworks');
    expect(offered(palette)).toEqual(['regular', 'orchestrator', 'message_sequence', 'routing', 'branch', 'human_input', 'crew']);
    expect(within(palette).getByTestId('palette-unavailable-todo_task').textContent).toContain(
      'writes Todo Task steps as "orchestrator"; add Orchestrator instead',
    );
  });

  it('adds an orchestrator shaped by the file’s rules: the sub-agent id is the route id, no generic-agent switch', () => {
    const { store, palette } = renderPalette('AgentworksCompact');
    fireEvent.click(within(palette).getByTestId('palette-item-orchestrator'));
    const plan = store.getState().document!.plan!;
    const added = asKnownStep(plan.steps.at(-1)!) as OrchestratorStep;
    expect(added.type).toBe('orchestrator');
    const route = added.predefined_routes![0]!;
    expect(route.sub_agent_step?.id).toBe(route.route_id);
    expect('enable_generic_agent' in added).toBe(false);
  });
});
