import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { LayoutService } from '../layout/layout-client';
import { createAppStore } from '../store/app-store';
import { Root } from './root';

/**
 * Renders the app into `container`, with the layout service main.tsx has already started.
 * `openingWorkflowId`: the workflow of the page's deep link. The store starts on it, so the first
 * render already asks for it, instead of rendering the whole app a second time once an effect
 * has read the URL.
 */
export function mountApp(container: HTMLElement, { layout, openingWorkflowId = null }: { layout: LayoutService; openingWorkflowId?: string | null }): void {
  const store = createAppStore();
  store.getState().openWorkflow(openingWorkflowId);
  createRoot(container).render(
    <StrictMode>
      <Root layout={layout} store={store} />
    </StrictMode>,
  );
}
