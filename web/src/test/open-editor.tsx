// Test-only: the whole app on the fixture API, opened on a workflow with its canvas laid out.
import { render, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { Root } from '../app/root';
import { pathForWorkflow } from '../navigation/workflow-route';
import { createAppStore } from '../store/app-store';
import { createFixtureApi, createInProcessLayout } from './fixture-api';
import type { MemoryWorkspace } from './memory-workspace';

export const RESEARCH_REPORT = 'Workflow/ResearchReport';

/** Waits until the canvas of the open workflow has its layout (a cold ELK run: seconds). */
export async function canvasReady(container: HTMLElement): Promise<void> {
  await waitFor(() => expect(container.querySelector('[data-testid="canvas"]')).toHaveAttribute('data-layout-state', 'ready'), { timeout: 30_000 });
}

/** Renders the app at `/workflows/<id>` (ResearchReport by default) and waits for its canvas. */
export async function openEditor(options: { workspace?: MemoryWorkspace; clientId?: string; id?: string } = {}) {
  window.history.replaceState(null, '', pathForWorkflow(options.id ?? RESEARCH_REPORT));
  const store = createAppStore();
  const api = createFixtureApi({ ...(options.workspace ? { workspace: options.workspace } : {}), clientId: options.clientId ?? 'tab-a' });
  const utils = render(<Root store={store} api={api} layout={createInProcessLayout()} />);
  await canvasReady(utils.container);
  return { ...utils, store, api, workspace: api.workspace };
}
