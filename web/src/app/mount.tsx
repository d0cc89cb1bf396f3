import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { LayoutService } from '../layout/layout-client';
import { Root } from './root';

/** Renders the app into `container`, with the layout service main.tsx has already started. */
export function mountApp(container: HTMLElement, { layout }: { layout: LayoutService }): void {
  createRoot(container).render(
    <StrictMode>
      <Root layout={layout} />
    </StrictMode>,
  );
}
