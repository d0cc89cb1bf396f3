import { render, waitFor } from '@testing-library/react';
import { ReactFlow, ReactFlowProvider } from '@xyflow/react';
import type { LayoutDirection } from '@planvas/shared';
import type { CanvasNode } from '../flow/node-data';
import { nodeTypes } from '../canvas/registry';
import type { AppState } from '../store/app-state';
import { createAppStore, type AppStore } from '../store/app-store';
import { StoreProvider } from '../store/store-context';

/**
 * Renders one canvas node inside a real React Flow (with the jsdom mocks of test/setup.ts) and a
 * fresh store set to `direction` (or `given`, e.g. one whose runs API is a double), at `zoom`.
 * Resolves once React Flow has shown the node.
 */
export async function renderCanvasNode(node: CanvasNode, direction: LayoutDirection, state: Partial<AppState> = {}, given?: AppStore, zoom = 1) {
  const store: AppStore = given ?? createAppStore({ direction, ...state });
  const utils = render(
    <StoreProvider store={store}>
      <ReactFlowProvider>
        <div style={{ width: 1000, height: 800 }}>
          <ReactFlow nodes={[{ ...node, position: { x: 0, y: 0 } }]} edges={[]} nodeTypes={nodeTypes} defaultViewport={{ x: 0, y: 0, zoom }} minZoom={0.05} />
        </div>
      </ReactFlowProvider>
    </StoreProvider>,
  );
  const wrapper = await waitFor(() => {
    const el = utils.container.querySelector<HTMLElement>(`.react-flow__node[data-id="${node.id}"]`);
    if (!el) throw new Error(`node ${node.id} not rendered`);
    return el;
  });
  return { ...utils, store, wrapper };
}

/** `{ handleId: side }` of every handle of the rendered node, by type. */
export function handleSides(wrapper: HTMLElement): { source: Record<string, string>; target: Record<string, string> } {
  const out = { source: {} as Record<string, string>, target: {} as Record<string, string> };
  for (const handle of wrapper.querySelectorAll<HTMLElement>('.react-flow__handle')) {
    const side = ['left', 'right', 'top', 'bottom'].find((s) => handle.classList.contains(`react-flow__handle-${s}`)) ?? '?';
    const type = handle.classList.contains('source') ? 'source' : 'target';
    out[type][handle.dataset.handleid ?? ''] = side;
  }
  return out;
}
